import { expect, test, type APIRequestContext, type Page } from './fixtures/test';
import { open } from './helpers';

/**
 * Public pages work without JavaScript (README, docs/decisions/0022-pages-without-javascript.md):
 * the home search, the search and browse filters and the paging are plain HTML forms and links,
 * answered by the server-rendered page.
 */

const cardNames = (page: Page) => page.getByTestId('contractor-card').getByRole('heading').allTextContents();
const total = async (request: APIRequestContext, path: string) =>
  ((await (await request.get(path)).json()) as { total: number }).total;
const checked = (page: Page, name: string) => page.getByRole('combobox', { name }).locator('option:checked');

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a homeowner searches from the home page, filters, switches the view and opens a profile', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    await page.getByRole('combobox', { name: 'Service Type' }).selectOption({ label: 'Kitchen & Bathroom Remodeling' });
    await page.getByRole('combobox', { name: 'Location' }).selectOption({ label: 'Laporte Borough' });
    await page.getByRole('button', { name: 'Find Contractors Near Me' }).click();
    await expect(page).toHaveURL(/\/search\?service=kitchen-bath&location=laporte$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Find Contractors in Sullivan County' })).toBeVisible();
    const found = page.getByText(/contractor\(s\) found$/);
    await expect(found).toHaveText(
      `${await total(request, '/api/contractors/search?service=kitchen-bath&location=laporte&licensed=true')} contractor(s) found`,
    );
    await expect(page.getByRole('link', { name: 'Loyalsock Creek Builders', exact: true })).toBeVisible();
    await expect(checked(page, 'Service Type')).toHaveText('Kitchen & Bathroom Remodeling');

    // A new search from the search page's own form.
    await page.getByRole('combobox', { name: 'Location' }).selectOption({ label: 'All locations' });
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/search\?service=kitchen-bath&location=$/);
    await expect(found).toHaveText(
      `${await total(request, '/api/contractors/search?service=kitchen-bath&licensed=true')} contractor(s) found`,
    );

    // The filters: the server answers them from the address the form writes.
    await expect(page.getByLabel('Licensed & Insured Only')).toBeChecked();
    await page.getByLabel('Licensed & Insured Only').uncheck();
    await page.getByLabel('4+ Stars').check();
    await page.getByRole('combobox', { name: 'Sort By' }).selectOption({ label: 'Name A-Z' });
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(page).toHaveURL(/sort=name/);
    const applied = new URL(page.url()).searchParams;
    expect(applied.get('service')).toBe('kitchen-bath');
    expect(applied.getAll('rating')).toEqual(['4']);
    await expect(found).toHaveText(
      `${await total(request, '/api/contractors/search?service=kitchen-bath&minRating=4&sort=name')} contractor(s) found`,
    );
    await expect(page.getByLabel('Licensed & Insured Only')).not.toBeChecked();
    await expect(page.getByLabel('4+ Stars')).toBeChecked();
    await expect(checked(page, 'Sort By')).toHaveText('Name A-Z');
    const names = await cardNames(page);
    expect(names.length).toBeGreaterThan(0);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));

    // The view toggle keeps the filters.
    await expect(page.getByRole('button', { name: 'Grid view' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'List view' }).click();
    await expect(page).toHaveURL(/view=list/);
    await expect(page.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByLabel('Licensed & Insured Only')).not.toBeChecked();
    expect(await cardNames(page)).toEqual(names);

    // Ticking the box again is read from the address too.
    await page.getByLabel('Licensed & Insured Only').check();
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(page.getByLabel('Licensed & Insured Only')).toBeChecked();
    await expect(page).toHaveURL(/view=list/);
    await expect(found).toHaveText(
      `${await total(request, '/api/contractors/search?service=kitchen-bath&minRating=4&sort=name&licensed=true')} contractor(s) found`,
    );

    await page.getByRole('link', { name: 'Loyalsock Creek Builders', exact: true }).click();
    await expect(page).toHaveURL(/\/contractor\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Loyalsock Creek Builders' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Services Offered' })).toBeVisible();
  });

  test('browse filters by a form and pages by links', async ({ page, request }) => {
    await page.goto('/browse');
    const counter = page.getByText(/^\d+ of \d+ contractors$/);
    // Other tests approve contractors meanwhile: 'every one of them' is N of N, whatever N is now.
    const everyone = /^(\d+) of \1 contractors$/;
    await expect(counter).toHaveText(everyone);
    // The filters are on screen without the Filters button, which needs JavaScript.
    await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeHidden();
    await page.getByLabel('Electrical', { exact: true }).check();
    await page.getByLabel('HVAC', { exact: true }).check();
    await page.getByRole('combobox', { name: 'Sort By' }).selectOption({ label: 'Name A-Z' });
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(page).toHaveURL(/sort=name/);
    await expect(counter).toHaveText(
      new RegExp(`^${await total(request, '/api/contractors?service=electrical,hvac')} of \\d+ contractors$`),
    );
    await expect(page.getByLabel('Electrical', { exact: true })).toBeChecked();
    await expect(page.getByLabel('HVAC', { exact: true })).toBeChecked();
    await expect(page.getByLabel('Plumbing', { exact: true })).not.toBeChecked();
    await page.getByRole('button', { name: 'List view' }).click();
    await expect(page).toHaveURL(/view=list/);
    await expect(page.getByLabel('HVAC', { exact: true })).toBeChecked();

    await page.getByRole('button', { name: 'Clear All Filters' }).click();
    await expect(counter).toHaveText(everyone);
    await expect(page.getByLabel('Electrical', { exact: true })).not.toBeChecked();
    // Clearing keeps the sort and the view, as it does with JavaScript.
    await expect(checked(page, 'Sort By')).toHaveText('Name A-Z');
    await expect(page.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');

    // Paging: real links, 12 a page.
    const first = await cardNames(page);
    expect(first).toHaveLength(12);
    const pages = page.getByRole('navigation', { name: 'Pages' });
    await expect(pages.getByText(/^Page 1 of \d+$/)).toBeVisible();
    await pages.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page).toHaveURL(/sort=name/);
    await expect(pages.getByText(/^Page 2 of \d+$/)).toBeVisible();
    const second = await cardNames(page);
    expect(second.length).toBeGreaterThan(0);
    expect(second.filter((n) => first.includes(n))).toEqual([]);
    await pages.getByRole('link', { name: 'Previous' }).click();
    await expect(pages.getByText(/^Page 1 of \d+$/)).toBeVisible();
    await expect(page).not.toHaveURL(/page=/);
    expect(await cardNames(page)).toEqual(first);

    // An empty result offers a way back.
    await page.goto('/browse?service=electrical&location=forksville&rating=5');
    await page.getByRole('button', { name: 'Show All Contractors' }).click();
    await expect(counter).toHaveText(everyone);

    const name = (await cardNames(page))[0]!;
    await page.getByTestId('contractor-card').first().getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  });

  test("the note on contractors 'Licensed & Insured Only' hides shows them", async ({ page, request }) => {
    const hidden = (
      (await (await request.get('/api/contractors/search?licensed=true')).json()) as { unverifiedMatches: number }
    ).unverifiedMatches;
    expect(hidden).toBeGreaterThan(0);
    await page.goto('/search?sort=name');
    await page.getByTestId('unverified-note').getByRole('button', { name: 'Show unverified contractors' }).click();
    await expect(page).toHaveURL(/\/search\?sort=name&licensed=false$/);
    await expect(page.getByText(/contractor\(s\) found$/)).toHaveText(
      `${await total(request, '/api/contractors/search')} contractor(s) found`,
    );
    await expect(page.getByLabel('Licensed & Insured Only')).not.toBeChecked();
    await expect(checked(page, 'Sort By')).toHaveText('Name A-Z');
  });

  test("the search page's empty state clears the search", async ({ page }) => {
    // No electrician serves Forksville in the sample data.
    await page.goto('/search?service=electrical&location=forksville&sort=name');
    await expect(page.getByRole('heading', { name: 'No contractors found' })).toBeVisible();
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(page).toHaveURL(/\/search\??$/);
    await expect(page.getByText(/contractor\(s\) found$/)).toBeVisible();
    await expect(checked(page, 'Service Type')).toHaveText('All services');
  });
});

test.describe('with JavaScript', () => {
  test('the no-JavaScript controls stay out of the way and paging stays in the app', async ({ page }) => {
    await open(page, '/search');
    await expect(page.getByRole('button', { name: 'Apply Filters' })).toHaveCount(0);
    await open(page, '/browse?sort=name');
    await expect(page.getByRole('button', { name: 'Apply Filters' })).toHaveCount(0);
    const first = await cardNames(page);
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/browse\?sort=name&page=2$/);
    await expect(page.getByTestId('contractor-card').first()).not.toHaveText(first[0]!);
    // Handled by the app: no page load.
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
  });
});
