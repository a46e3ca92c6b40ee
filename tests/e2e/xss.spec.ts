import { expect, test, type Page } from './fixtures/test';
import { uniqueLicenceNumber } from './fixtures/licence-number';
import { XSS_MARKUP, XSS_POST_SLUG } from './fixtures/seed-fixtures';
import { open } from './helpers';
import { ADMIN, signInAdmin } from './fixtures/admin';

/**
 * Stored markup from visitors and authors renders as text: no script runs, no dialog opens,
 * no injected element appears (issue 7).
 */

const MARKUP =
  '<script>window.__xss="script"</script><img src="x" id="xss-img" onerror="window.__xss=\'img\'"><b id="xss-b">bold</b>';

function watchForScripts(page: Page) {
  const dialogs: string[] = [];
  page.on('dialog', async (d) => {
    dialogs.push(d.message());
    await d.dismiss();
  });
  return dialogs;
}

async function expectInert(page: Page, dialogs: string[]) {
  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
  await expect(page.locator('#xss-img')).toHaveCount(0);
  await expect(page.locator('#xss-b')).toHaveCount(0);
  await expect(page.locator('main script')).toHaveCount(0);
  expect(dialogs).toEqual([]);
}

test('a contractor description with markup renders as text', async ({ page, request }, info) => {
  const dialogs = watchForScripts(page);
  const name = `Markup Test ${info.project.name} ${Date.now()}`;
  const submitted = await request.post('/api/contractors/submit', {
    data: {
      name,
      email: `markup.${Date.now()}.${info.project.name}@example.com`,
      phone: '(570) 555-0123',
      address: '1 Main Street',
      city: 'Laporte',
      zip: '18626',
      description: `Careful builders. ${MARKUP}`,
      yearsInBusiness: '5',
      licenseNumber: uniqueLicenceNumber(),
      insuranceInfo: 'General liability',
      services: ['General Contracting'],
    },
  });
  expect(submitted.status()).toBe(201);
  await signInAdmin(request);
  const list = await (await request.get(`/api/admin/contractors?search=${encodeURIComponent(name)}`)).json();
  const id = list.contractors[0].id as number;
  expect(
    (await request.patch(`/api/admin/contractors/${id}/approval`, { data: { status: 'approved' } })).status(),
  ).toBe(200);

  await open(page, `/contractor/${id}`);
  await expect(page.getByText('<script>window.__xss="script"</script>', { exact: false })).toBeVisible();
  await expectInert(page, dialogs);
});

test('a blog post body with markup renders as text', async ({ page }) => {
  const dialogs = watchForScripts(page);
  await open(page, `/blog/${XSS_POST_SLUG}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Markup in a Post Body' })).toBeVisible();
  const article = page.locator('article');
  await expect(article.locator('img, svg[onload], script')).toHaveCount(0);
  // The javascript: link is not a working link.
  await expect(article.locator('a[href^="javascript"]')).toHaveCount(0);
  await article.getByText('click me').click();
  await expectInert(page, dialogs);
  expect(XSS_MARKUP).toContain('onerror');
});

test("a quote's project details with markup render as text for the administrator", async ({ page, request }, info) => {
  const dialogs = watchForScripts(page);
  const page1 = await (await request.get('/api/contractors?sort=name&pageSize=1')).json();
  const email = `markup.quote.${Date.now()}.${info.project.name}@example.com`;
  const lead = await request.post('/api/leads', {
    data: {
      name: 'Markup Quote',
      email,
      phone: '(570) 555-0124',
      serviceNeeded: 'Other',
      location: 'Laporte, PA',
      projectDetails: `Please quote. ${MARKUP}`,
      contractorId: page1.contractors[0].id,
    },
  });
  expect(lead.status()).toBe(201);

  await open(page, '/admin/login');
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await open(page, '/admin/leads');
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText('Please quote. <script>', { exact: false }).first()).toBeVisible();
  await expectInert(page, dialogs);
});
