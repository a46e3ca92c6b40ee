import { expect, test, type Locator, type Page } from './fixtures/test';
import { open } from './helpers';

/**
 * Issue 16, 'Phones and the back button', on the public pages. Every test runs in both projects:
 * on the phone (Pixel 7) it checks the fix, on the desktop that nothing changed there.
 */

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/** Whether the element's whole box is on screen (not under the sticky header's bottom edge). */
async function onScreen(page: Page, el: Locator): Promise<boolean> {
  const box = await el.boundingBox();
  const { width, height } = page.viewportSize()!;
  return box !== null && box.y >= 0 && box.x >= 0 && box.y + box.height <= height && box.x + box.width <= width;
}

async function settled(page: Page) {
  await expect(page.locator('section[aria-labelledby="results-heading"]')).toHaveAttribute('aria-busy', 'false');
}

const option = (page: Page, label: string) => page.getByRole('combobox', { name: label }).locator('option:checked');

test.describe('the back button', () => {
  test('Home -> Browse -> page 2: Back lands on page 1 where the visitor left it, Back again on the home page', async ({
    page,
    baseURL,
  }) => {
    await open(page, '/');
    await page.getByRole('link', { name: 'Browse All Contractors' }).click();
    await expect(page).toHaveURL(/\/browse$/);
    const pages = page.getByRole('navigation', { name: 'Pages' });
    await expect(pages).toContainText(/Page 1 of \d+/);
    const firstName = await page.getByTestId('contractor-card').first().getByRole('heading').textContent();
    const next = pages.getByRole('link', { name: 'Next' });
    await next.scrollIntoViewIfNeeded();
    const leftAt = await scrollY(page);
    expect(leftAt).toBeGreaterThan(300);

    await next.click();
    await expect(page).toHaveURL(/\/browse\?page=2$/);
    await expect(pages).toContainText(/Page 2 of \d+/);
    await settled(page);
    // The new page starts at the top of its list, not where Next was.
    await expect
      .poll(() => onScreen(page, page.getByTestId('contractor-card').first().getByRole('heading')))
      .toBe(true);

    await page.goBack();
    await expect(page).toHaveURL(/\/browse$/);
    await expect(pages).toContainText(/Page 1 of \d+/);
    await expect(page.getByTestId('contractor-card').first().getByRole('heading')).toHaveText(firstName!);
    await expect.poll(async () => Math.abs((await scrollY(page)) - leftAt)).toBeLessThan(40);
    await expect(next).toBeInViewport();

    await page.goBack();
    await expect(page).toHaveURL(`${baseURL}/`);
  });

  test('a browse filter change replaces the entry, a page change adds one', async ({ page, baseURL, isMobile }) => {
    await open(page, '/');
    await page.getByRole('link', { name: 'Browse All Contractors' }).click();
    await expect(page).toHaveURL(/\/browse$/);
    if (isMobile) await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByRole('combobox', { name: 'Sort By' }).selectOption({ label: 'Name A-Z' });
    await expect(page).toHaveURL(/\/browse\?sort=name$/);
    if (isMobile) await page.getByRole('button', { name: /^Show \d+ contractors?$/ }).click();
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/browse\?sort=name&page=2$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/browse\?sort=name$/);
    await expect(page.locator('#browse-sort')).toHaveValue('name');
    await page.goBack();
    await expect(page).toHaveURL(`${baseURL}/`);
  });

  test("Back from a profile returns to the search as it was: sort, view, rating, 'Licensed & Insured Only' and the scroll", async ({
    page,
  }) => {
    await open(page, '/search');
    await page.getByLabel('Licensed & Insured Only').uncheck();
    await page.getByRole('combobox', { name: 'Sort By' }).selectOption({ label: 'Name A-Z' });
    await page.getByLabel('3+ Stars').check();
    await page.getByRole('button', { name: 'List view' }).click();
    await expect(page).toHaveURL(/\/search\?sort=name&view=list&rating=3&licensed=false$/);
    await settled(page);
    const count = page.getByText(/^\d+ contractor\(s\) found$/);
    const found = (await count.textContent())!;
    const cards = page.getByTestId('contractor-card');
    const names = await cards.getByRole('heading').allTextContents();
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const card = cards.nth(5);
    const name = names[5]!;
    await card.scrollIntoViewIfNeeded();
    const leftAt = await scrollY(page);
    expect(leftAt).toBeGreaterThan(300);

    await card.getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await page.goBack();

    await expect(page).toHaveURL(/\/search\?sort=name&view=list&rating=3&licensed=false$/);
    await expect(page.getByLabel('Licensed & Insured Only')).not.toBeChecked();
    await expect(option(page, 'Sort By')).toHaveText('Name A-Z');
    await expect(page.getByLabel('3+ Stars')).toBeChecked();
    await expect(page.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
    await expect(count).toHaveText(found);
    await expect(cards.getByRole('heading')).toHaveText(names);
    await expect.poll(async () => Math.abs((await scrollY(page)) - leftAt)).toBeLessThan(40);
    await expect(card).toBeInViewport();
  });

  test('each new search is a history entry of its own and keeps the other filters; filter changes are not', async ({
    page,
  }) => {
    await open(page, '/search');
    await page.getByRole('combobox', { name: 'Sort By' }).selectOption({ label: 'Name A-Z' });
    await expect(page).toHaveURL(/\/search\?sort=name$/);
    await page.getByRole('combobox', { name: 'Service Type' }).selectOption({ label: 'Roofing & Siding' });
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/search\?service=roofing-siding&sort=name$/);
    await page.getByRole('combobox', { name: 'Location' }).selectOption({ label: 'Dushore Borough' });
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/search\?service=roofing-siding&location=dushore&sort=name$/);
    await expect(option(page, 'Sort By')).toHaveText('Name A-Z');

    await page.goBack();
    await expect(page).toHaveURL(/\/search\?service=roofing-siding&sort=name$/);
    await expect(option(page, 'Service Type')).toHaveText('Roofing & Siding');
    await expect(option(page, 'Location')).toHaveText('All locations');
    await page.goBack();
    await expect(page).toHaveURL(/\/search\?sort=name$/);
    await expect(option(page, 'Service Type')).toHaveText('All services');
    await expect(option(page, 'Sort By')).toHaveText('Name A-Z');
  });
});

test.describe('old and broken links', () => {
  test('a page past the end says so and links to the last page', async ({ page, request }) => {
    const browse = (await (await request.get('/api/contractors?pageSize=12')).json()) as { total: number };
    const last = Math.ceil(browse.total / 12);
    expect(last).toBeGreaterThan(1);
    await open(page, '/browse?page=99');
    const missing = page.getByRole('region', { name: 'No page 99' });
    await expect(missing).toContainText(`These results have ${last} pages.`);
    await expect(page.getByText(/Page 99 of/)).toHaveCount(0);
    await missing.getByRole('link', { name: `Go to page ${last}` }).click();
    await expect(page).toHaveURL(new RegExp(`/browse\\?page=${last}$`));
    await expect(page.getByRole('navigation', { name: 'Pages' })).toContainText(`Page ${last} of ${last}`);
    await expect(page.getByTestId('contractor-card').first()).toBeVisible();

    // The search page, in its own words: one page of results here.
    await open(page, '/search?sort=name&page=5');
    const none = page.getByRole('region', { name: 'No page 5' });
    await expect(none).toContainText('These results have 1 page.');
    await none.getByRole('link', { name: 'Go to page 1' }).click();
    await expect(page).toHaveURL(/\/search\?sort=name$/);
    await expect(page.getByTestId('contractor-card').first()).toBeVisible();
    await expect(option(page, 'Sort By')).toHaveText('Name A-Z');
  });

  test('an unknown filter value in an old link is named, and the results are shown without it', async ({
    page,
    request,
  }) => {
    // Server rendered as well: the page answers 200 with the note, not an error.
    const html = await request.get('/search?service=Underwater&location=laporte');
    expect(html.status()).toBe(200);
    expect(await html.text()).toContain('was not recognized');
    const { total } = (await (await request.get('/api/contractors/search?location=laporte&licensed=true')).json()) as {
      total: number;
    };

    await open(page, '/search?service=Underwater&location=laporte');
    const note = page.getByRole('note');
    await expect(note).toContainText('Service “Underwater” was not recognized, so every service is shown.');
    await expect(page.getByText(`${total} contractor(s) found`)).toBeVisible();
    await expect(page.getByText('Failed to load contractors')).toHaveCount(0);
    await expect(option(page, 'Service Type')).toHaveText('All services');
    await expect(option(page, 'Location')).toHaveText('Laporte Borough');
    await expect(page).toHaveTitle(/^Contractors in Laporte Borough, PA/);

    // Browse names what it leaves out of its address too.
    await open(page, '/browse?service=Underwater,electrical&location=Atlantis');
    await expect(page.getByRole('note')).toContainText('Service “Underwater” was not recognized');
    await expect(page.getByRole('note')).toContainText(
      'Location “Atlantis” was not recognized, so every location is shown.',
    );
    const electrical = (await (await request.get('/api/contractors?service=electrical&pageSize=12')).json()) as {
      total: number;
    };
    await expect(page.getByText(new RegExp(`^${electrical.total} of \\d+ contractors$`))).toBeVisible();
  });
});

test.describe('phones', () => {
  test('the browse Filters panel applies and closes, and the button shows how many filters are on', async ({
    page,
    isMobile,
  }) => {
    await open(page, '/browse');
    const counter = page.getByText(/^\d+ of \d+ contractors$/);
    const all = (await counter.textContent())!;
    const filters = page.getByRole('complementary', { name: 'Filters' });
    const show = page.getByRole('button', { name: /^Show \d+ contractors?$/ });
    if (!isMobile) {
      // Desktop: the filters sit beside the results and apply at once; no Filters or Show button.
      await expect(page.getByRole('button', { name: /^Filters/ })).toBeHidden();
      await expect(filters).toBeVisible();
      await page.getByLabel('Electrical', { exact: true }).check();
      await expect(counter).not.toHaveText(all);
      await expect(show).toBeHidden();
      const aside = (await filters.boundingBox())!;
      const first = (await page.getByTestId('contractor-card').first().boundingBox())!;
      expect(first.x).toBeGreaterThan(aside.x + aside.width);
      return;
    }
    const button = page.getByRole('button', { name: /^Filters/ });
    await expect(button).toHaveAccessibleName('Filters');
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await page.getByLabel('Electrical', { exact: true }).check();
    await page.getByLabel('HVAC', { exact: true }).check();
    await expect(counter).not.toHaveText(all);
    const matching = Number((await counter.textContent())!.split(' ')[0]);
    // While choosing, the button that applies and closes stays on screen.
    await expect(show).toHaveText(`Show ${matching} contractor${matching === 1 ? '' : 's'}`);
    await expect.poll(() => onScreen(page, show)).toBe(true);
    await show.click();
    await expect(filters).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toHaveAccessibleName('Filters (2)');
    await expect(button).toBeFocused();
    // The results are right there, not 700 px further down.
    await expect
      .poll(() => onScreen(page, page.getByTestId('contractor-card').first().getByRole('heading')))
      .toBe(true);
  });

  test('the quote dialog keeps Cancel and Send Quote Request on screen', async ({ page, request }) => {
    const first = (await (await request.get('/api/contractors?pageSize=1')).json()) as {
      contractors: { id: number }[];
    };
    await open(page, `/contractor/${first.contractors[0]!.id}`);
    const opener = page.getByRole('main').getByRole('button', { name: 'Get Free Quote' }).first();
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Request a Free Quote' });
    await expect(dialog.getByLabel('Your Name')).toBeFocused();
    const cancel = dialog.getByRole('button', { name: 'Cancel' });
    const send = dialog.getByRole('button', { name: 'Send Quote Request' });
    expect(await onScreen(page, cancel)).toBe(true);
    expect(await onScreen(page, send)).toBe(true);
    // Still there with the fields filled in and the details field in use.
    await dialog.getByLabel('Project Details').fill('A new porch roof.\n'.repeat(8));
    expect(await onScreen(page, cancel)).toBe(true);
    expect(await onScreen(page, send)).toBe(true);
    await send.click();
    await expect(dialog.getByText('Name must be at least 2 characters')).toBeVisible();
    await expect(dialog.getByLabel('Your Name')).toBeFocused();
    expect(await onScreen(page, send)).toBe(true);
    await cancel.click();
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });
});
