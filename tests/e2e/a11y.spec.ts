import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures/test';
import { open } from './helpers';

/**
 * An axe scan of every public page and the sign-in pages: no serious or critical violations.
 * (The admin and portal pages are scanned inside their own journeys, signed in.)
 */
const PAGES = [
  '/',
  '/search',
  '/search?service=electrical&location=dushore',
  '/browse',
  '/browse?view=list&sort=name',
  '/browse?page=99',
  '/contractors/general-contracting/laporte',
  '/contractors/general-contracting',
  '/contractors/electrical/forksville',
  '/search?service=Underwater&location=laporte',
  '/gallery',
  '/blog',
  '/submit-business',
  '/contractor-pricing',
  '/review-policy',
  '/no-such-page',
  '/contractor/login',
  '/contractor/forgot-password',
  '/contractor/forgot-password?sent=1',
  '/contractor/reset-password?token=not-a-real-token',
  '/contractor/confirm-email?token=not-a-real-token',
  '/admin/login',
];

async function scan(page: import('@playwright/test').Page, path: string) {
  await open(page, path);
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.length}) ${v.nodes[0]?.target.join(' ')}`),
    path,
  ).toEqual([]);
}

for (const path of PAGES) {
  test(`axe: ${path}`, async ({ page }) => {
    await scan(page, path);
  });
}

test('axe: a contractor profile and a blog post', async ({ page, request }) => {
  const first = await (await request.get('/api/contractors?pageSize=1')).json();
  await scan(page, `/contractor/${first.contractors[0].id}`);
  const posts = await (await request.get('/api/blog')).json();
  await scan(page, `/blog/${posts[0].slug}`);
});

test('axe: the quote page, and forms sent without JavaScript answered with their errors', async ({ page, request }) => {
  // Five axe scans and four posted forms in one test: beyond 30 s on a loaded 2-core machine.
  test.slow();
  const first = await (await request.get('/api/contractors?pageSize=1')).json();
  await scan(page, `/contractor/${first.contractors[0].id}/quote`);
  // Sent as a browser without JavaScript sends them (the submit handlers skipped), empty: every field's error is shown.
  for (const [path, form] of [
    [`/contractor/${first.contractors[0].id}/quote`, 'main form'],
    ['/', '#newsletter form'],
    ['/submit-business', 'main form'],
  ]) {
    await open(page, path!);
    await page.locator(form!).evaluate((f: HTMLFormElement) => f.submit());
    // Only the answer has alerts; then wait for it to hydrate.
    await expect(page.getByRole('alert').first()).toBeVisible();
    await page.waitForSelector('#root[data-hydrated]', { state: 'attached' });
    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(
      violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id} ${v.nodes[0]?.target.join(' ')}`),
      `POST ${path}`,
    ).toEqual([]);
  }
});

test('axe: the quote dialog', async ({ page, request }) => {
  const first = await (await request.get('/api/contractors?pageSize=1')).json();
  await open(page, `/contractor/${first.contractors[0].id}`);
  await page.getByRole('button', { name: 'Get Free Quote' }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  const { violations } = await new AxeBuilder({ page })
    .include('[role="dialog"]')
    .withTags(['wcag2a', 'wcag2aa'])
    .analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
});
