import { expect, test, type APIRequestContext, type Page, type TestInfo } from './fixtures/test';
import { uniqueLicenceNumber } from './fixtures/licence-number';
import { freshReviewLink } from './fixtures/review-link';
import { open } from './helpers';
import { signInAdmin } from './fixtures/admin';

/**
 * The quote request, the newsletter, the business submission and the review without JavaScript
 * (issue 16; docs/decisions/0023-forms-without-javascript.md): plain HTML forms posted to their pages.
 * Bad input comes back with the field errors and what was typed; good input is stored (checked through
 * the admin API) and answered with a redirect to the page saying so, which a reload does not send again.
 */

const unique = (testInfo: TestInfo) =>
  `${Date.now()}${testInfo.project.name === 'desktop' ? 'd' : 'p'}${testInfo.workerIndex}`;

/** The admin API, signed in on a context of its own. */
async function adminApi(request: APIRequestContext) {
  await signInAdmin(request);
  return {
    leads: async (name: string) =>
      (
        (await (await request.get('/api/leads?pageSize=100')).json()) as {
          leads: { name: string; email: string; serviceNeeded: string; budgetRange: string | null }[];
        }
      ).leads.filter((l) => l.name === name),
    contractors: async (name: string) =>
      (
        (await (await request.get(`/api/admin/contractors?search=${encodeURIComponent(name)}`)).json()) as {
          contractors: { name: string; approvalStatus: string; isVisible: boolean; services: string[] }[];
        }
      ).contractors.filter((c) => c.name === name),
    mailTo: async (to: string) =>
      (
        (await (await request.get('/api/admin/outbox?pageSize=100')).json()) as {
          items: { to: string; kind: string }[];
        }
      ).items.filter((m) => m.to === to),
  };
}

const alert = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

test.describe('forms without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("a quote request from a profile's 'Get Free Quote' link: errors and kept values, then sent once", async ({
    page,
    playwright,
    baseURL,
  }, testInfo) => {
    const first = (await (await page.request.get('/api/contractors?sort=name&pageSize=1')).json()) as {
      contractors: { id: number; name: string }[];
    };
    const contractor = first.contractors[0]!;
    const name = `Nell Noscript ${unique(testInfo)}`;

    await page.goto(`/contractor/${contractor.id}`);
    // Without JavaScript there is no dialog: the control is a link to the quote page.
    await page.getByRole('main').getByRole('link', { name: 'Get Free Quote' }).first().click();
    await expect(page).toHaveURL(new RegExp(`/contractor/${contractor.id}/quote$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Request a Free Quote' })).toBeVisible();
    await expect(
      page.getByText(`Tell ${contractor.name} about your project. It's free and there's no obligation.`),
    ).toBeVisible();

    await page.getByLabel('Your Name').fill('N');
    await page.getByLabel('Email').fill('nell-at-example');
    await page.getByLabel('Phone').fill('(570) 555-0166');
    await page.getByLabel('Project Details').fill('Roof');
    await page.getByLabel('Budget Range (optional)').selectOption('$5,000 - $10,000');
    await page.getByRole('button', { name: 'Send Quote Request' }).click();

    // The page again: the notice, each field's message, what was typed, the first field to fix focused.
    await expect(page).toHaveURL(new RegExp(`/contractor/${contractor.id}/quote$`));
    await expect(alert(page, 'Please check the highlighted fields')).toContainText('Error');
    for (const message of [
      'Name must be at least 2 characters',
      'Invalid email address',
      'Please select a service',
      'Please enter your location',
      'Please provide more details about your project',
    ]) {
      await expect(alert(page, message)).toBeVisible();
    }
    await expect(page.getByLabel('Your Name')).toHaveValue('N');
    await expect(page.getByLabel('Your Name')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Your Name')).toBeFocused();
    await expect(page.getByLabel('Email')).toHaveValue('nell-at-example');
    await expect(page.getByLabel('Phone')).toHaveValue('(570) 555-0166');
    await expect(page.getByLabel('Phone')).not.toHaveAttribute('aria-invalid');
    await expect(page.getByLabel('Project Details')).toHaveValue('Roof');
    await expect(page.getByLabel('Budget Range (optional)')).toHaveValue('$5,000 - $10,000');

    await page.getByLabel('Your Name').fill(name);
    await page.getByLabel('Email').fill('nell@example.com');
    await page.getByLabel('Service Needed').selectOption('Roofing & Siding');
    await page.getByLabel('Project Location').fill('Dushore, PA');
    await page.getByLabel('Project Details').fill('The porch roof leaks at the chimney flashing.');
    await page.getByRole('button', { name: 'Send Quote Request' }).click();

    await expect(page).toHaveURL(new RegExp(`/contractor/${contractor.id}/quote\\?sent=1$`));
    const sent = page.getByRole('status').filter({ hasText: 'Quote Request Sent!' });
    await expect(sent).toContainText(`Your request has been sent to ${contractor.name}. They will contact you soon.`);
    // Redirected after the POST: a reload shows the page again and sends nothing.
    await page.reload();
    await expect(sent).toBeVisible();
    const admin = await adminApi(await playwright.request.newContext({ baseURL }));
    expect(await admin.leads(name)).toEqual([
      expect.objectContaining({
        email: 'nell@example.com',
        serviceNeeded: 'Roofing & Siding',
        budgetRange: '$5,000 - $10,000',
      }),
    ]);

    await page.getByRole('link', { name: `Back to ${contractor.name}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: contractor.name })).toBeVisible();
  });

  test("the cards' 'Get Free Quote' leads to that contractor's quote page", async ({ page }) => {
    await page.goto('/browse?sort=name');
    const card = page.getByTestId('contractor-card').first();
    const name = (await card.getByRole('heading').textContent())!;
    await card.getByRole('link', { name: 'Get Free Quote' }).click();
    await expect(page).toHaveURL(/\/contractor\/\d+\/quote$/);
    await expect(page.getByText(`Tell ${name} about your project. It's free and there's no obligation.`)).toBeVisible();
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  });

  test('the newsletter: a bad address comes back marked, a good one is subscribed once, a second time is already subscribed', async ({
    page,
    playwright,
    baseURL,
  }, testInfo) => {
    const email = `noscript-${unique(testInfo)}@example.com`;
    const band = page.locator('#newsletter');
    await page.goto('/');
    await band.getByLabel('Email address', { exact: true }).fill('not-an-email');
    await band.getByRole('button', { name: 'Subscribe' }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(alert(page, 'Please enter a valid email address')).toContainText('Error');
    const field = band.getByLabel('Email address', { exact: true });
    await expect(field).toHaveValue('not-an-email');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toBeFocused();

    await field.fill(email);
    await band.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page).toHaveURL(/\/\?newsletter=subscribed#newsletter$/);
    await expect(band.getByRole('status')).toContainText('Subscribed!');
    await expect(band.getByRole('status')).toContainText("You've been subscribed to our newsletter. Thank you!");
    await expect(band.getByLabel('Email address', { exact: true })).toHaveValue('');
    await page.reload();
    await expect(band.getByRole('status')).toContainText('Subscribed!');
    // The subscription's welcome email, in the admin's outbox, once.
    const admin = await adminApi(await playwright.request.newContext({ baseURL }));
    expect((await admin.mailTo(email)).map((m) => m.kind)).toEqual(['newsletter-welcome']);

    await band.getByLabel('Email address', { exact: true }).fill(email.toUpperCase());
    await band.getByRole('button', { name: 'Subscribe' }).click();
    await expect(band.getByRole('status')).toContainText('Already Subscribed');
    await expect(band.getByRole('status')).toContainText("You're already subscribed to our newsletter.");
    await expect(band.getByRole('alert')).toHaveCount(0);
    await expect(band.getByLabel('Email address', { exact: true })).toBeFocused();
  });

  test('the business submission: errors with every value and tick kept, then the thank-you screen', async ({
    page,
    playwright,
    baseURL,
  }, testInfo) => {
    const name = `Noscript Timber ${unique(testInfo)}`;
    await page.goto('/submit-business');
    await page.getByLabel('Business Name').fill(name);
    await page.getByLabel('Years in Business').fill('12');
    await page
      .getByLabel('Business Description')
      .fill('Timber frames, additions and careful restoration of older farmhouses.');
    await page.getByLabel('Email Address').fill('timber@builders.example');
    await page.getByLabel('Phone Number').fill('(570) 555-0142');
    await page.getByLabel('Street Address').fill('48 Muncy Street');
    await page.getByLabel('City').fill('Laporte');
    await page.getByLabel('ZIP Code').fill('186');
    await page.getByLabel('License Number').fill(uniqueLicenceNumber());
    await page.getByLabel('Insurance Information').fill('General liability $1,000,000 with Keystone Mutual');
    // No service ticked, and a ZIP code too short.
    await page.getByRole('button', { name: 'Submit for Review' }).click();

    await expect(page).toHaveURL(/\/submit-business$/);
    await expect(alert(page, 'Services Required')).toContainText('Please select at least one service you provide');
    await expect(alert(page, 'Please enter a valid ZIP code')).toBeVisible();
    await expect(page.getByLabel('ZIP Code')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('ZIP Code')).toBeFocused();
    await expect(page.getByLabel('ZIP Code')).toHaveValue('186');
    await expect(page.getByLabel('Business Name')).toHaveValue(name);
    await expect(page.getByLabel('Insurance Information')).toHaveValue(
      'General liability $1,000,000 with Keystone Mutual',
    );

    // A tick survives a refusal too.
    await page.getByLabel('Roofing', { exact: true }).check();
    await page.getByRole('button', { name: 'Submit for Review' }).click();
    await expect(alert(page, 'Submission Failed')).toContainText('Please check the highlighted fields');
    await expect(page.getByLabel('Roofing', { exact: true })).toBeChecked();
    await expect(page.getByLabel('Plumbing', { exact: true })).not.toBeChecked();

    await page.getByLabel('ZIP Code').fill('18626');
    await page.getByLabel('Windows & Doors').check();
    await page.getByRole('button', { name: 'Submit for Review' }).click();
    await expect(page).toHaveURL(/\/submit-business\?submitted=1$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Thank You for Your Submission!' })).toBeVisible();
    await expect(page.getByRole('status')).toContainText('Submission Received!');
    await expect(page.getByRole('status')).toContainText('Your business information has been submitted for review.');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Thank You for Your Submission!' })).toBeVisible();

    const admin = await adminApi(await playwright.request.newContext({ baseURL }));
    expect(await admin.contractors(name)).toEqual([
      expect.objectContaining({
        approvalStatus: 'pending',
        isVisible: false,
        services: ['Roofing', 'Windows & Doors'],
      }),
    ]);
    await page.getByRole('link', { name: 'Return to Homepage' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a review from the follow-up email: missing answers come back marked and kept, then it is published once', async ({
    page,
    playwright,
    baseURL,
  }, testInfo) => {
    const contractor = 'Endless Mountains Roofing';
    const comment = `Came the next morning and fixed the flashing (${unique(testInfo)}).`;
    const admin = await playwright.request.newContext({ baseURL });
    const { path, contractorId } = await freshReviewLink(admin, {
      contractorName: contractor,
      name: 'Nina Noscript',
      email: `nina-${unique(testInfo)}@example.com`,
    });

    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: `How did it go with ${contractor}?` })).toBeVisible();
    await page
      .getByRole('group', { name: `Did ${contractor} contact you?` })
      .getByRole('radio', { name: 'Yes' })
      .check();
    await page.getByLabel('Your comment (optional)').fill(comment);
    await page.getByRole('button', { name: 'Send my review' }).click();

    // The page again: what is missing said, what was given kept.
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(alert(page, 'Please answer: did you hire them?')).toBeVisible();
    await expect(alert(page, 'Please choose a rating from 1 to 5 stars')).toBeVisible();
    await expect(
      page.getByRole('group', { name: `Did ${contractor} contact you?` }).getByRole('radio', { name: 'Yes' }),
    ).toBeChecked();
    await expect(page.getByLabel('Your comment (optional)')).toHaveValue(comment);

    await page.getByRole('group', { name: 'Did you hire them?' }).getByRole('radio', { name: 'No' }).check();
    // Without JavaScript the stars are plain radios with their words.
    await page.getByRole('radio', { name: '4 stars: Very good' }).check();
    await page.getByRole('button', { name: 'Send my review' }).click();

    await expect(page).toHaveURL(new RegExp(`${path}\\?sent=1$`));
    const thanks = page.getByRole('status').filter({ hasText: `Your review of ${contractor} is published.` });
    await expect(thanks).toBeVisible();
    // Redirected after the POST: a reload sends nothing again.
    await page.reload();
    await expect(thanks).toBeVisible();
    const reviews = (await (await page.request.get(`/api/contractors/${contractorId}/reviews?page=1`)).json()) as {
      reviews: { comment: string; rating: number; hired: boolean }[];
    };
    expect(reviews.reviews.filter((r) => r.comment === comment)).toEqual([
      expect.objectContaining({ rating: 4, hired: false }),
    ]);

    await page.getByRole('link', { name: `See ${contractor}'s reviews` }).click();
    await expect(page.getByText(comment)).toBeVisible();
  });
});

test.describe('with JavaScript', () => {
  test("'Get Free Quote' is the dialog's button once the page runs, and a link before", async ({ page, request }) => {
    const first = (await (await request.get('/api/contractors?sort=name&pageSize=1')).json()) as {
      contractors: { id: number }[];
    };
    const html = await (await request.get(`/contractor/${first.contractors[0]!.id}`)).text();
    expect(html).toContain(`href="/contractor/${first.contractors[0]!.id}/quote" rel="nofollow"`);
    await open(page, `/contractor/${first.contractors[0]!.id}`);
    await expect(page.getByRole('main').getByRole('link', { name: 'Get Free Quote' })).toHaveCount(0);
    await page.getByRole('main').getByRole('button', { name: 'Get Free Quote' }).first().click();
    await expect(page.getByRole('dialog', { name: 'Request a Free Quote' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/contractor/${first.contractors[0]!.id}$`));
  });

  test('a refused form sent without JavaScript hydrates with its values and errors and then works as the app', async ({
    page,
  }) => {
    // The answer to a post made before the page's JavaScript ran (a slow network): the same page, hydrated.
    await open(page, '/');
    await page.locator('#newsletter').getByLabel('Email address', { exact: true }).fill('still-not-an-email');
    await page.locator('#newsletter form').evaluate((form: HTMLFormElement) => form.submit());
    // Only the answer has the alert; then wait for it to hydrate.
    await expect(alert(page, 'Please enter a valid email address')).toBeVisible();
    await page.waitForSelector('#root[data-hydrated]', { state: 'attached' });
    const field = page.locator('#newsletter').getByLabel('Email address', { exact: true });
    await expect(field).toHaveValue('still-not-an-email');
    await expect(alert(page, 'Please enter a valid email address')).toBeVisible();
    await field.fill(`hydrated-${Date.now()}-${test.info().project.name}@example.com`);
    await page.locator('#newsletter').getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByTestId('toast')).toContainText('Subscribed!');
    await expect(alert(page, 'Please enter a valid email address')).toHaveCount(0);
    // Emptied after the send, not back to the refused post's value.
    await expect(field).toHaveValue('');
  });
});
