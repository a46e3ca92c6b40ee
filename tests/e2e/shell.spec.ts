import { expect, test } from './fixtures/test';
import { open } from './helpers';

test.describe('app shell', () => {
  test('the home page is rendered on the server', async ({ request }) => {
    const res = await request.get('/');
    expect(res.status()).toBe(200);
    const html = await res.text();
    // Before any JavaScript runs: the title, the description, the canonical address and the hero heading.
    expect(html).toMatch(/<title[^>]*>Find Trusted Building Contractors in Sullivan County, PA[^<]*<\/title>/);
    expect(html).toMatch(/<meta name="description" content="[^"]+"/);
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/"/);
    expect(html).toContain('<h1');
    expect(html).toContain('Find Trusted Building Contractors in Sullivan County, PA</h1>');
    expect(html).toContain('Serving Laporte, Dushore, Eagles Mere &amp; All Sullivan County');
  });

  test('the page hydrates without warnings', async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    await open(page, '/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Find Trusted Building Contractors in Sullivan County, PA' }),
    ).toBeVisible();
    expect(problems.filter((p) => /hydrat|did not match|mismatch/i.test(p))).toEqual([]);
  });

  test('an unknown path shows the 404 page with status 404', async ({ page }) => {
    const res = await open(page, '/no/such/page');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('navigation', () => {
  test('on a phone the Menu drawer opens and closes when a link is chosen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, '/');
    await expect(page.getByText('Sullivan Co. Contractors')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    expect((await drawer.boundingBox())?.width).toBe(256);
    await expect(drawer.getByRole('link')).toHaveText(['Home', 'Browse Contractors', 'Blog', 'Submit Your Business']);
    await drawer.getByRole('link', { name: 'Home' }).click();
    await expect(drawer).toBeHidden();
  });

  test('on a desktop the links are inline and the drawer button is hidden', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await open(page, '/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText(['Home', 'Browse Contractors', 'Blog', 'Submit Your Business']);
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
  });
});
