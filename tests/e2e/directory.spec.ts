import { expect, test, type Page } from './fixtures/test';
import { open } from './helpers';

/** Picks an option the way a person would: the native select on public pages, the Radix one in dialogs. */
async function choose(page: Page, label: string, option: string) {
  const box = page.getByRole('combobox', { name: label });
  if ((await box.evaluate((el) => el.tagName)) === 'SELECT') {
    await box.selectOption({ label: option });
    return;
  }
  await box.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('searching from the home page', () => {
  test('a homeowner picks a service and a town and lands on matching results', async ({ page }) => {
    await open(page, '/');
    await expect(page.getByRole('combobox', { name: 'Service Type' }).locator('option:checked')).toHaveText(
      'Select a service...',
    );
    await expect(page.getByRole('combobox', { name: 'Location' }).locator('option:checked')).toHaveText(
      'All of Sullivan County',
    );
    await choose(page, 'Service Type', 'Kitchen & Bathroom Remodeling');
    await choose(page, 'Location', 'Laporte Borough');
    await page.getByRole('button', { name: 'Find Contractors Near Me' }).click();
    await expect(page).toHaveURL(/\/search\?service=kitchen-bath&location=laporte$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Find Contractors in Sullivan County' })).toBeVisible();
    await expect(page.getByText(/^\d+ contractor\(s\) found$/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Loyalsock Creek Builders', exact: true })).toBeVisible();
    await expect(page).toHaveTitle(/Kitchen & Bathroom Remodeling Contractors in Laporte Borough, PA/);
  });

  test('searching with nothing chosen goes to /search without parameters', async ({ page }) => {
    await open(page, '/');
    await page.getByRole('button', { name: 'Find Contractors Near Me' }).click();
    await expect(page).toHaveURL(/\/search$/);
  });

  test('the home page shows six featured contractors and the project overview', async ({ page }) => {
    await open(page, '/');
    await expect(page.getByRole('heading', { name: 'Featured Contractors' })).toBeVisible();
    await expect(page.getByTestId('contractor-card')).toHaveCount(6);
    // The county's own figures (docs/decisions/0133-launch-figures-and-honest-home.md): the sample county has all three.
    const stats = page.getByRole('region', { name: 'At a glance' });
    for (const stat of [
      'Contractors Listed',
      'With Verified Registration',
      'Jobs Won Through This Site',
      'Quotes Available',
    ])
      await expect(stats.getByText(stat, { exact: true })).toBeVisible();
    await expect(stats.getByText('Projects Completed')).toHaveCount(0);
    await expect(page.getByText('$150k-$400k')).toBeVisible();
    await expect(page.getByText('6-12 months')).toBeVisible();
  });
});

test.describe('the search page', () => {
  test('filters work on the server: licensed only, minimum rating, and the empty state', async ({ page }) => {
    await open(page, '/search');
    const count = page.getByText(/contractor\(s\) found$/);
    const licensedCount = Number((await count.textContent())!.split(' ')[0]);
    await page.getByLabel('Licensed & Insured Only').click();
    await expect(count).not.toHaveText(`${licensedCount} contractor(s) found`);
    const allCount = Number((await count.textContent())!.split(' ')[0]);
    expect(allCount).toBeGreaterThan(licensedCount);
    await page.getByLabel('5+ Stars').click();
    await expect(count).not.toHaveText(`${allCount} contractor(s) found`);
    // No electrician serves Forksville in the sample data.
    await choose(page, 'Service Type', 'Electrical Work & Wiring');
    await choose(page, 'Location', 'Forksville Borough');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/service=electrical&location=forksville/);
    await expect(page.getByRole('heading', { name: 'No contractors found' })).toBeVisible();
    await expect(page.getByText('Try adjusting your search criteria or browse all contractors')).toBeVisible();
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(page).toHaveURL(/\/search$/);
    await expect(page.getByRole('combobox', { name: 'Service Type' }).locator('option:checked')).toHaveText(
      'All services',
    );
  });
});

test.describe('browsing', () => {
  test('filters live in the address and a shared link restores the same view', async ({ page, browser, isMobile }) => {
    await open(page, '/browse');
    await expect(page.getByRole('heading', { name: 'Browse All Contractors' })).toBeVisible();
    const counter = page.getByText(/^\d+ of \d+ contractors$/);
    await expect(counter).toBeVisible();
    const [, total] = (await counter.textContent())!.match(/of (\d+)/)!;
    if (isMobile) await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByLabel('Electrical', { exact: true }).click();
    await page.getByLabel('HVAC', { exact: true }).click();
    await expect(page).toHaveURL(/service=electrical%2Chvac|service=electrical,hvac/);
    await choose(page, 'Sort By', 'Name A-Z');
    await expect(page).toHaveURL(/sort=name/);
    await page.getByRole('button', { name: 'List view' }).click();
    await expect(page).toHaveURL(/view=list/);
    await expect(counter).not.toHaveText(`${total} of ${total} contractors`);
    const names = await page.getByTestId('contractor-card').getByRole('heading').allTextContents();
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));

    const shared = await browser.newPage();
    await open(shared, page.url());
    await expect(shared.getByTestId('contractor-card').getByRole('heading')).toHaveText(names);
    if (isMobile) await shared.getByRole('button', { name: 'Filters' }).click();
    await expect(shared.getByLabel('Electrical', { exact: true })).toBeChecked();
    await expect(shared.getByRole('combobox', { name: 'Sort By' }).locator('option:checked')).toHaveText('Name A-Z');
    await expect(shared.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
    await shared.close();

    if (isMobile) await expect(page.getByRole('button', { name: 'Clear All Filters' })).toBeVisible();
    await page.getByRole('button', { name: 'Clear All Filters' }).click();
    // Every contractor again: other tests may have listed more meanwhile (an import approved in parallel).
    await expect(counter).toHaveText(/^(\d+) of \1 contractors$/);
    expect(Number((await counter.textContent())!.match(/of (\d+)/)![1])).toBeGreaterThanOrEqual(Number(total));
  });

  test("a filter nobody matches shows 'No contractors match your filters' and Show All Contractors", async ({
    page,
    isMobile,
  }) => {
    await open(page, '/browse?service=electrical&location=forksville&rating=5');
    await expect(page.getByRole('heading', { name: 'No contractors match your filters' })).toBeVisible();
    await page.getByRole('button', { name: 'Show All Contractors' }).click();
    await expect(page).toHaveURL(/\/browse$/);
    await expect(page.getByTestId('contractor-card').first()).toBeVisible();
    if (isMobile) await page.getByRole('button', { name: 'Filters' }).click();
    await expect(page.getByLabel('Electrical', { exact: true })).not.toBeChecked();
  });
});

test.describe('a contractor profile and a quote request', () => {
  test('shows the profile and sends a quote after fixing bad fields', async ({ page }) => {
    // Narrowed to the sample contractor's service and town: other tests add businesses that sort before it by name.
    await open(page, '/browse?sort=name&service=home-building&location=laporte');
    await page.getByRole('link', { name: 'Loyalsock Creek Builders', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Loyalsock Creek Builders' })).toBeVisible();
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs).toContainText('Home');
    await expect(crumbs).toContainText('Contractors');
    await expect(page.getByText('Verified Licensed')).toBeVisible();
    for (const h of ['About', 'Services Offered', 'License & Credentials', 'Business Hours', 'Service Areas'])
      await expect(page.getByRole('main').getByRole('heading', { name: h })).toBeVisible();
    await expect(page.getByText('7:00 AM-6:00 PM')).toBeVisible();

    await page.getByRole('button', { name: 'Get Free Quote' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Request a Free Quote' });
    await expect(dialog).toBeVisible();
    expect((await dialog.boundingBox())!.width).toBeLessThanOrEqual(500);
    await dialog.getByLabel('Your Name').fill('J');
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByLabel('Phone').fill('123');
    await dialog.getByRole('button', { name: 'Send Quote Request' }).click();
    await expect(dialog.getByText('Name must be at least 2 characters')).toBeVisible();
    await expect(dialog.getByText('Invalid email address')).toBeVisible();
    await expect(dialog.getByText('Please enter a valid phone number')).toBeVisible();
    await expect(dialog.getByText('Please select a service')).toBeVisible();
    await expect(dialog.getByText('Please enter your location')).toBeVisible();
    await expect(dialog.getByText('Please provide more details about your project')).toBeVisible();

    await dialog.getByLabel('Your Name').fill('Jordan Miller');
    await dialog.getByLabel('Email').fill(`jordan.${Date.now()}@example.com`);
    await dialog.getByLabel('Phone').fill('(570) 555-0142');
    await choose(page, 'Service Needed', 'Bathroom Remodeling');
    await dialog.getByLabel('Project Location').fill('Laporte, PA');
    await dialog.getByLabel('Project Details').fill('Convert a tub to a walk-in shower in an upstairs bath.');
    await choose(page, 'Budget Range (optional)', '$10,000 - $25,000');
    const sent = page.waitForResponse((r) => r.url().endsWith('/api/leads') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Send Quote Request' }).click();
    expect((await sent).status()).toBe(201);
    await expect(page.getByTestId('toast')).toContainText('Quote Request Sent!');
    await expect(page.getByTestId('toast')).toContainText(
      'Your request has been sent to Loyalsock Creek Builders. They will contact you soon.',
    );
    await expect(dialog).toBeHidden();

    // Reopened, the form is empty again.
    await page.getByRole('button', { name: 'Get Free Quote' }).first().click();
    await expect(page.getByRole('dialog').getByLabel('Your Name')).toHaveValue('');
  });

  test('an unknown contractor shows Contractor Not Found with status 404', async ({ page }) => {
    const res = await open(page, '/contractor/999999');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Contractor Not Found' })).toBeVisible();
    await expect(page.getByText("The contractor you're looking for doesn't exist or has been removed.")).toBeVisible();
    await expect(page.getByRole('button', { name: 'Go Back' })).toBeVisible();
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a profile page still shows its content and its structured data', async ({ page, request }) => {
    await page.goto('/browse?sort=name&service=home-building&location=laporte');
    const href = await page.getByRole('link', { name: 'Loyalsock Creek Builders', exact: true }).getAttribute('href');
    await page.goto(href!);
    await expect(page.getByRole('heading', { level: 1, name: 'Loyalsock Creek Builders' })).toBeVisible();
    await expect(page.getByText('Laporte, PA').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Services Offered' })).toBeVisible();
    const html = await (await request.get(href!)).text();
    expect(html).toContain('"@type":"HomeAndConstructionBusiness"');
    expect(html).toMatch(
      /"aggregateRating":\{"@type":"AggregateRating","ratingValue":[\d.]+,"reviewCount":\d+,"bestRating":5,"worstRating":1\}/,
    );
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/contractor\/\d+"/);
  });
});
