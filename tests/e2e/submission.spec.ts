import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures/test';
import { uniqueLicenceNumber } from './fixtures/licence-number';
import { open } from './helpers';

const SUBMIT_URL = /\/api\/contractors\/submit$/;

/** Counts the submission requests the page sends. */
function watchSubmissions(page: Page) {
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && SUBMIT_URL.test(r.url())) sent.push(r.url());
  });
  return sent;
}

async function fillForm(page: Page, name: string) {
  await page.getByLabel('Business Name').fill(name);
  await page.getByLabel('Years in Business').fill('12');
  await page
    .getByLabel('Business Description')
    .fill('Timber frames, additions and careful restoration of older farmhouses.');
  await page.getByLabel('Email Address').fill(`${name.toLowerCase().replace(/\W+/g, '-')}@builders.example`);
  await page.getByLabel('Phone Number').fill('(570) 555-0142');
  await page.getByLabel('Website (optional)').fill('www.builders.example.com');
  await page.getByLabel('Street Address').fill('48 Muncy Street');
  await page.getByLabel('City').fill('Laporte');
  await page.getByLabel('ZIP Code').fill('18626');
  await page.getByLabel('License Number').fill(uniqueLicenceNumber());
  await page.getByLabel('Insurance Information').fill('General liability $1,000,000 with Keystone Mutual');
}

test.describe('Submit Your Business', () => {
  test('is rendered on the server and tells search engines not to follow its links', async ({ request }) => {
    const html = await (await request.get('/submit-business')).text();
    expect(html).toContain('<title data-head>Submit Your Business | Sullivan County Contractors</title>');
    expect(html).toContain('<meta name="robots" content="index, nofollow" data-head>');
    expect(html).toContain('Submit Your Business</h1>');
  });

  test('shows the benefits, the form sections and a fixed state', async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    await open(page, '/submit-business');
    for (const title of ['Get Verified', 'Quality Leads', 'Grow Your Business'])
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
    // The benefit titles are h2 like the form sections: an h3 straight after the h1 skips a level (Nu checker).
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText([
      'Get Verified',
      'Quality Leads',
      'Grow Your Business',
      'Basic Information',
      'Contact Information',
      'Location',
      'Services Offered',
      'Licensing & Insurance',
      'Portfolio (optional)',
    ]);
    await expect(page.getByRole('group', { name: 'Services Offered' }).getByRole('checkbox')).toHaveCount(15);
    await expect(page.getByLabel('State')).toHaveValue('PA');
    await expect(page.getByLabel('State')).toBeDisabled();
    const axe = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    expect(problems).toEqual([]);
  });

  test('without a service a notice appears and nothing is sent', async ({ page }) => {
    const sent = watchSubmissions(page);
    await open(page, '/submit-business');
    await fillForm(page, `No Service Builders ${Date.now()}`);
    await page.getByRole('button', { name: 'Submit for Review' }).click();
    const notice = page.getByTestId('toast');
    await expect(notice).toContainText('Services Required');
    await expect(notice).toContainText('Please select at least one service you provide');
    await expect(
      page.getByRole('alert').filter({ hasText: 'Please select at least one service you provide' }),
    ).toHaveCount(0);
    expect(sent).toEqual([]);
  });

  test('marks empty required fields without sending', async ({ page }) => {
    const sent = watchSubmissions(page);
    await open(page, '/submit-business');
    await page.getByLabel('Roofing', { exact: true }).check();
    await page.getByRole('button', { name: 'Submit for Review' }).click();
    await expect(page.getByText('Business name is required')).toBeVisible();
    await expect(page.getByLabel('Business Name')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Business Name')).toBeFocused();
    await expect(page.getByText('ZIP code is required')).toBeVisible();
    await expect(page.getByLabel('Website (optional)')).not.toHaveAttribute('aria-invalid');
    expect(sent).toEqual([]);
  });

  test('a complete submission shows the thank-you screen', async ({ page }) => {
    const sent = watchSubmissions(page);
    // Holds the request back until the test has seen the pending state.
    let send!: () => void;
    const held = new Promise<void>((resolve) => (send = resolve));
    await page.route(SUBMIT_URL, async (route) => {
      await held;
      await route.continue();
    });
    await open(page, '/submit-business');
    await fillForm(page, `Ridge Top Builders ${Date.now()}`);
    await page.getByLabel('Home Building & New Construction').check();
    await page.getByLabel('Roofing', { exact: true }).check();
    await page.getByRole('button', { name: 'Submit for Review' }).click();

    await expect(page.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    send();
    await expect(page.getByRole('heading', { name: 'Thank You for Your Submission!' })).toBeVisible();
    await expect(page.getByTestId('toast')).toContainText('Submission Received!');
    await expect(page.getByTestId('toast')).toContainText('Your business information has been submitted for review.');
    await expect(
      page.getByText(
        "Your business information has been received and is under review. We'll contact you within 2-3 business days regarding your listing.",
      ),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'What Happens Next' })).toBeVisible();
    await expect(
      page
        .getByRole('listitem')
        .filter({ hasText: /completeness|licensing and insurance|appears in our contractor directory|quote requests/ }),
    ).toHaveCount(4);
    expect(sent).toHaveLength(1);

    await page.getByRole('link', { name: 'Return to Homepage' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: /Find Trusted Building Contractors/ })).toBeVisible();
  });

  test('a refused submission keeps the form and shows the server errors', async ({ page }) => {
    await page.route(SUBMIT_URL, (route) =>
      route.fulfill({
        status: 400,
        json: { message: 'Please check the highlighted fields', errors: { zip: 'Please enter a valid ZIP code' } },
      }),
    );
    await open(page, '/submit-business');
    const name = `Kept Values Builders ${Date.now()}`;
    await fillForm(page, name);
    await page.getByLabel('Plumbing').check();
    await page.getByRole('button', { name: 'Submit for Review' }).click();

    const notice = page.getByTestId('toast');
    await expect(notice).toContainText('Submission Failed');
    await expect(notice).toContainText('Please check the highlighted fields');
    await expect(page.getByLabel('ZIP Code')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Please enter a valid ZIP code')).toBeVisible();
    await expect(page.getByLabel('Business Name')).toHaveValue(name);
    await expect(page.getByLabel('Plumbing')).toBeChecked();
    await expect(page.getByRole('button', { name: 'Submit for Review' })).toBeEnabled();
  });
});
