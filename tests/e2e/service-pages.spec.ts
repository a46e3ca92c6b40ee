import { SERVICE_PAGE_SIZE } from '../../shared/schemas/service-pages';
import { expect, test, type Page } from './fixtures/test';
import { open } from './helpers';

/**
 * Service pages (issue 16; docs/decisions/0030-service-pages.md): /contractors/{service} and
 * /contractors/{service}/{town}, server rendered, reached from the home page, the search results
 * and the profiles. The seed's General Contracting in Laporte has four contractors; paging
 * without JavaScript is checked with more contractors in service-pages.process.spec.ts.
 */

interface Answer {
  total: number;
  contractors: { id: number; name: string }[];
  towns: { slug: string; count: number }[];
  services: { slug: string; count: number }[];
}

/** The JSON-LD blocks of the page's head, parsed. */
const jsonLd = async (page: Page) =>
  (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
    (t) => JSON.parse(t) as Record<string, any>,
  );
const cardNames = (page: Page) => page.getByTestId('contractor-card').getByRole('heading').allTextContents();

test('a service page in a town: heading, the search order, breadcrumbs, structured data and the links onwards', async ({
  page,
  request,
}) => {
  test.slow();
  // Other specs list and approve contractors in Laporte while this one runs (they share the
  // database): the answers and the page are read again until they agree with each other.
  let data!: Answer;
  await expect(async () => {
    data = (await (await request.get('/api/service-pages/general-contracting/laporte')).json()) as Answer;
    const search = await (
      await request.get('/api/contractors/search?service=general-contracting&location=laporte&licensed=false')
    ).json();
    const res = await open(page, '/contractors/general-contracting/laporte');
    expect(res?.status()).toBe(200);
    expect(res?.headers()['cache-control']).toBe('public, max-age=0, s-maxage=60');
    await expect(page).toHaveTitle('General Contracting Contractors in Laporte, PA | Sullivan County Contractors');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      `${data.total} listed contractors offer General Contracting in Laporte, PA. Compare ratings and reviews and request free quotes.`,
    );
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('General Contracting contractors in Laporte, PA');
    await expect(
      page.getByText(`${data.total} listed contractors offer General Contracting in Laporte, PA.`),
    ).toBeVisible();
    // The page's cards (its first page, of up to SERVICE_PAGE_SIZE), in the search's order: other specs
    // add Laporte contractors, so the search's first page (of 24) may hold more than the service page's.
    const cards = await cardNames(page);
    expect(cards).toEqual(data.contractors.map((c) => c.name));
    expect(cards.length).toBe(Math.min(data.total, SERVICE_PAGE_SIZE));
    expect(cards).toEqual(search.contractors.slice(0, cards.length).map((c: { name: string }) => c.name));
  }).toPass({ timeout: 40_000 });

  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('listitem')).toHaveText(['Home', 'Contractors', 'General Contracting', 'Laporte']);
  await expect(crumbs.getByRole('link', { name: 'General Contracting' })).toHaveAttribute(
    'href',
    '/contractors/general-contracting',
  );
  await expect(crumbs.locator('[aria-current="page"]')).toHaveText('Laporte');

  // Absolute addresses are the site's (PUBLIC_URL), as the canonical link says.
  const canonical = (await page.locator('link[rel="canonical"]').getAttribute('href'))!;
  expect(canonical).toMatch(/\/contractors\/general-contracting\/laporte$/);
  const site = new URL(canonical).origin;
  const [organization, itemList, breadcrumbs] = await jsonLd(page);
  expect(organization!['@type']).toBe('Organization');
  expect(itemList).toMatchObject({
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: 'General Contracting contractors in Laporte, PA',
    numberOfItems: data.total,
  });
  expect(
    itemList!.itemListElement.map((e: any) => [e['@type'], e.position, e.item['@type'], e.item.name, e.item.url]),
  ).toEqual(
    data.contractors.map((c, i) => [
      'ListItem',
      i + 1,
      'HomeAndConstructionBusiness',
      c.name,
      `${site}/contractor/${c.id}`,
    ]),
  );
  expect(breadcrumbs).toMatchObject({ '@type': 'BreadcrumbList' });
  expect(breadcrumbs!.itemListElement.map((e: any) => [e.position, e.name, e.item])).toEqual([
    [1, 'Home', `${site}/`],
    [2, 'Contractors', `${site}/browse`],
    [3, 'General Contracting', `${site}/contractors/general-contracting`],
    [4, 'Laporte', `${site}/contractors/general-contracting/laporte`],
  ]);

  // Neighbouring towns where the service is offered, nearest first; other services in the town.
  const nearby = page.getByRole('navigation', { name: 'General Contracting contractors in nearby towns' });
  const nearbyTowns = await nearby.getByRole('listitem').getByRole('link').allTextContents();
  expect(nearbyTowns.length).toBeGreaterThan(0);
  expect(nearbyTowns.length).toBeLessThanOrEqual(4);
  expect(nearbyTowns).not.toContain('Laporte, PA');
  await expect(
    nearby.getByRole('link', { name: 'All General Contracting contractors in Sullivan County, PA' }),
  ).toHaveAttribute('href', '/contractors/general-contracting');
  const related = page.getByRole('navigation', { name: 'Other services in Laporte, PA' });
  await expect(related.getByRole('link')).toHaveCount(data.services.length - 1);

  // Onwards inside the app: a neighbouring town's page, then back.
  const first = nearby.getByRole('listitem').first().getByRole('link');
  const town = (await first.textContent())!;
  await first.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`General Contracting contractors in ${town}`);
  await expect(page).toHaveURL(/\/contractors\/general-contracting\/[a-z-]+$/);
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('General Contracting contractors in Laporte, PA');
});

test('a service page for the county lists its towns and the other services', async ({ page, request }) => {
  const data = (await (await request.get('/api/service-pages/general-contracting')).json()) as Answer;
  await open(page, '/contractors/general-contracting');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'General Contracting contractors in Sullivan County, PA',
  );
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem')).toHaveText([
    'Home',
    'Contractors',
    'General Contracting',
  ]);
  await expect(page.getByTestId('contractor-card')).toHaveCount(Math.min(data.total, 12));
  const towns = page.getByRole('navigation', { name: 'General Contracting contractors by town' });
  await expect(towns.getByRole('link')).toHaveCount(data.towns.length);
  await expect(towns.getByRole('link', { name: 'Laporte, PA' })).toHaveAttribute(
    'href',
    '/contractors/general-contracting/laporte',
  );
  await expect(
    page.getByRole('navigation', { name: 'Other services in Sullivan County, PA' }).getByRole('link'),
  ).toHaveCount(data.services.length - 1);
});

test('a combination without a contractor, or a town that does not exist, is the 404 page', async ({
  page,
  request,
}) => {
  // No electrician serves Forksville in the sample data.
  expect((await request.get('/api/service-pages/electrical/forksville')).status()).toBe(404);
  for (const path of ['/contractors/electrical/forksville', '/contractors/roofing/atlantis']) {
    const res = await open(page, path);
    expect(res?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow');
  }
});

test('crawlers and visitors reach the pages from the home page, the search results and a profile', async ({
  page,
  request,
}) => {
  // The home page: every service offered in the county.
  const coverage = (await (await request.get('/api/service-pages')).json()) as { services: { slug: string }[] };
  await open(page, '/');
  const byService = page.getByRole('navigation', { name: 'Contractors in Sullivan County, PA by service' });
  await expect(byService.getByRole('link')).toHaveCount(coverage.services.length);
  await byService.getByRole('link', { name: 'General Contracting', exact: true }).click();
  await expect(page).toHaveURL(/\/contractors\/general-contracting$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'General Contracting contractors in Sullivan County, PA',
  );

  // The search results: the services offered in the town searched.
  await open(page, '/search?service=kitchen-bath&location=laporte');
  const inTown = page.getByRole('navigation', { name: 'Contractors in Laporte, PA by service' });
  await expect(inTown.getByRole('link', { name: 'Kitchen & Bath Remodeling' })).toHaveAttribute(
    'href',
    '/contractors/kitchen-bath/laporte',
  );

  // A profile: its services and service areas, with the profile's own words, lead to pages that list it.
  const listed = (await (await request.get('/api/service-pages/general-contracting/laporte')).json()) as Answer;
  const profile = (await (await request.get(`/api/contractors/${listed.contractors[0]!.id}`)).json()) as {
    name: string;
    services: string[];
    serviceAreas: string[];
  };
  await open(page, '/contractors/general-contracting/laporte');
  await page.getByRole('link', { name: profile.name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(profile.name);
  for (const s of profile.services) await expect(page.getByRole('link', { name: s, exact: true })).toBeVisible();
  const listsIt = page.getByTestId('contractor-card').getByRole('heading', { name: profile.name });
  await page.getByRole('link', { name: profile.services[0], exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `${profile.services[0]} contractors in Sullivan County, PA`,
  );
  await expect(listsIt).toBeVisible();
  await page.goBack();
  const area = profile.serviceAreas.at(-1)!;
  await page.getByRole('link', { name: area, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    new RegExp(`^${profile.services[0]} contractors in ${area}, `),
  );
  await expect(listsIt).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the page, its breadcrumbs and its links work as plain HTML', async ({ page }) => {
    await page.goto('/contractors/general-contracting/laporte');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('General Contracting contractors in Laporte, PA');
    expect((await cardNames(page)).length).toBeGreaterThan(0);
    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'General Contracting' })
      .click();
    await expect(page).toHaveURL(/\/contractors\/general-contracting$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'General Contracting contractors in Sullivan County, PA',
    );
    await page
      .getByRole('navigation', { name: 'General Contracting contractors by town' })
      .getByRole('link', { name: 'Eagles Mere, PA' })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'General Contracting contractors in Eagles Mere, PA',
    );
  });
});
