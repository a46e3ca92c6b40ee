import { expect, test, type APIRequestContext } from './fixtures/test';
import { DOLLAR_PATTERNS, DOLLAR_POST_SLUG } from './fixtures/seed-fixtures';
import { uniqueLicenceNumber } from './fixtures/licence-number';
import { open } from './helpers';
import { signInAdmin } from './fixtures/admin';

/**
 * `$&`, `` $` ``, `$'` and `$$` in listing and post text reach the page as text: one document
 * that hydrates, on every page that shows it (issue 11.3).
 */

async function expectOneDocument(request: APIRequestContext, url: string, text: string) {
  const html = await (await request.get(url)).text();
  expect(html.match(/<!DOCTYPE html>/gi), `${url} is one document`).toHaveLength(1);
  expect(html.match(/<\/html>/g), `${url} is one document`).toHaveLength(1);
  expect(html).toContain(text);
}

test('a contractor whose name and description hold $ patterns renders and hydrates everywhere it is listed', async ({
  page,
  request,
}, info) => {
  const stamp = `${info.project.name}${Date.now()}`;
  const name = `Dollar ${DOLLAR_PATTERNS.join(' ')} Builders ${stamp}`;
  const description = `Fair prices: ${DOLLAR_PATTERNS.join(' ')} and $5,000 jobs.`;
  const submitted = await request.post('/api/contractors/submit', {
    data: {
      name,
      email: `dollar.${stamp}@example.com`,
      phone: '(570) 555-0123',
      address: '1 Main Street',
      city: 'Eagles Mere',
      zip: '17731',
      description,
      yearsInBusiness: '5',
      licenseNumber: uniqueLicenceNumber(),
      insuranceInfo: 'General liability',
      services: ['Concrete & Masonry'],
    },
  });
  expect(submitted.status()).toBe(201);
  await signInAdmin(request);
  const list = await (await request.get(`/api/admin/contractors?search=${encodeURIComponent(stamp)}`)).json();
  const id = list.contractors[0].id as number;
  expect(
    (await request.patch(`/api/admin/contractors/${id}/approval`, { data: { status: 'approved' } })).status(),
  ).toBe(200);

  await expectOneDocument(request, `/contractor/${id}`, stamp);
  await expectOneDocument(request, '/browse?service=concrete-masonry&location=eagles-mere', stamp);

  await open(page, `/contractor/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByText(description)).toBeVisible();
  // Hydrated: the quote dialog opens.
  await page.getByRole('button', { name: 'Get Free Quote' }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('a blog post whose title and body hold $ patterns renders and hydrates', async ({ page, request }) => {
  await expectOneDocument(request, `/blog/${DOLLAR_POST_SLUG}`, 'A deck runs $5,000 to $9,000.');
  await expectOneDocument(request, '/blog', 'Dollar signs in a post');
  await open(page, `/blog/${DOLLAR_POST_SLUG}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `Prices from $$ to $$$: ${DOLLAR_PATTERNS.join(' ')}`,
  );
  await expect(page.locator('article')).toContainText(`Patterns: ${DOLLAR_PATTERNS.join(' ')}.`);
});
