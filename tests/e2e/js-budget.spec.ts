import { expect, test } from './fixtures/test';

/**
 * The public JS budget (issue 16; docs/decisions/0063-public-js-budget.md): a public page loads at
 * most 100 KB of gzip JavaScript, counted as the browser receives it (bytes over the wire) until
 * the network is idle, and none of it is Stripe's or the admin area's. Bytes, not timings: the
 * figure is the same on every run of a build. `npm run bench:pages` prints the figures with
 * Lighthouse's.
 */

const BUDGET_BYTES = 100 * 1024;

test('every public page loads at most 100 KB of gzip JavaScript, without Stripe or admin code', async ({
  browser,
  request,
}) => {
  test.slow();
  const contractors = (await (await request.get('/api/contractors?pageSize=1')).json()) as {
    contractors: { id: number }[];
  };
  const posts = (await (await request.get('/api/blog')).json()) as { slug: string }[];
  const coverage = (await (await request.get('/api/service-pages')).json()) as {
    services: { slug: string; towns: { slug: string }[] }[];
  };
  const served = coverage.services.find((s) => s.towns.length > 0)!;
  const paths = [
    '/',
    '/search?service=kitchen-bath&location=laporte',
    '/browse',
    `/contractor/${contractors.contractors[0]!.id}`,
    `/contractors/${served.slug}`,
    `/contractors/${served.slug}/${served.towns[0]!.slug}`,
    '/gallery',
    '/blog',
    `/blog/${posts[0]!.slug}`,
    '/submit-business',
    '/contractor-pricing',
    '/review-policy',
  ];

  const report: string[] = [];
  for (const path of paths) {
    // A browser of its own for each page: an empty cache, as a first visit.
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const scripts: { url: string; bytes: number; text: string }[] = [];
      page.on('response', async (res) => {
        if (res.request().resourceType() !== 'script') return;
        scripts.push({ url: res.url(), bytes: (await res.request().sizes()).responseBodySize, text: await res.text() });
      });
      await page.goto(path, { waitUntil: 'networkidle' });
      await page.waitForSelector('#root[data-hydrated]', { state: 'attached' });
      const total = scripts.reduce((n, s) => n + s.bytes, 0);
      report.push(`${path}: ${(total / 1024).toFixed(1)} KB in ${scripts.length} files`);
      expect(scripts.length, path).toBeGreaterThan(0);
      expect(
        total,
        `${path}: ${scripts.map((s) => `${s.url.replace(/.*\//, '')} ${s.bytes}`).join(', ')}`,
      ).toBeLessThanOrEqual(BUDGET_BYTES);
      const code = scripts.map((s) => s.text).join('\n');
      expect(code, `${path} loads Stripe.js`).not.toMatch(/js\.stripe\.com|loadStripe/);
      expect(code, `${path} loads admin code`).not.toMatch(
        /Reject Contractor Application|Pricing Rule Created|api\/admin\/contractors/,
      );
    } finally {
      await context.close();
    }
  }
  test.info().annotations.push({ type: 'JS per page (gzip)', description: report.join('; ') });
});
