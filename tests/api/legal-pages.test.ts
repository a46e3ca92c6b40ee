import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LEGAL_PAGES } from '@shared/legal-pages';
import { legalPages, regions } from '../../server/db/schema';
import { addCounty } from '../../server/counties/counties';
import { adminClient, countyAdminClient } from '../support/admin-session';
import { requestOnHost } from '../support/host-request';
import type { TestClient } from '../support/http-client';
import { servePages } from '../support/page-server';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * /privacy and /terms (issue 25; docs/decisions/0114-homeowner-privacy.md): markdown the platform
 * administrator edits (county administrators 403), the default text until then, each county's words
 * filled in, rendered without raw HTML, and served as server-rendered pages with their canonical.
 */

let app: TestApp;
let platform: TestClient;
let countyAdmin: TestClient;
let pages: Awaited<ReturnType<typeof servePages>>;

beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT: 'false', LEAD_RETENTION_DAYS: '400' });
  await addCounty(app.ctx, 'wyoming');
  const [wyoming] = await app.ctx.db.select({ id: regions.id }).from(regions).where(eq(regions.slug, 'wyoming'));
  platform = await adminClient(app);
  countyAdmin = (await countyAdminClient(app, [wyoming!.id])).client;
  pages = await servePages(app.ctx);
});
afterAll(async () => {
  await pages?.close();
  await app?.close();
});

const publicPage = async (slug: string, host = 'localhost') => {
  const res = await requestOnHost(app.url, host, 'GET', `/api/legal-pages/${slug}`);
  return { status: res.status, body: res.status === 200 ? res.json() : null };
};

describe('the public legal pages', () => {
  it("show the default text with each county's words and LEAD_RETENTION_DAYS filled in", async () => {
    await app.ctx.db.delete(legalPages);
    const sullivan = await publicPage('privacy');
    expect(sullivan.status).toBe(200);
    expect(sullivan.body).toMatchObject({ slug: 'privacy', title: 'Privacy Policy', updatedAt: null });
    expect(sullivan.body.html).toContain('Sullivan County, PA');
    expect(sullivan.body.html).toContain('erased 400 days after your request is closed');
    expect(sullivan.body.html).toContain('<h2');
    expect(sullivan.body.html).not.toMatch(/\{(site|county|email|retentionDays)\}/);
    const wyoming = await publicPage('terms', 'wyoming.localhost');
    expect(wyoming.body.html).toContain('Wyoming County, PA');
    expect(wyoming.body.html).not.toContain('Sullivan');
    expect((await publicPage('cookies')).status).toBe(400);
  });

  it('are server-rendered pages with their title and canonical on each county site, linked from the footer', async () => {
    const res = await requestOnHost(pages.url, 'wyoming.localhost', 'GET', '/privacy', {
      headers: { Accept: 'text/html' },
    });
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/<title[^>]*>Privacy Policy \| [^<]*Wyoming[^<]*<\/title>/);
    expect(res.text).toMatch(/<link rel="canonical" href="http:\/\/wyoming\.localhost:\d+\/privacy"/);
    expect(res.text).toContain('Wyoming County, PA');
    expect(res.text).toContain('href="/terms"');
    const terms = await requestOnHost(pages.url, 'localhost', 'GET', '/terms', { headers: { Accept: 'text/html' } });
    expect(terms.text).toMatch(/<title[^>]*>Terms of Use \| /);
  });
});

describe("the admin's Legal pages", () => {
  it('lets only a platform administrator read and edit them', async () => {
    expect((await app.client().get('/api/admin/legal-pages')).status).toBe(401);
    expect((await countyAdmin.get('/api/admin/legal-pages')).status).toBe(403);
    expect((await countyAdmin.request('PUT', '/api/admin/legal-pages/terms', { markdown: '## Mine' })).status).toBe(
      403,
    );
    expect((await app.client().request('PUT', '/api/admin/legal-pages/terms', { markdown: '## Mine' })).status).toBe(
      401,
    );
    const list = await platform.get('/api/admin/legal-pages');
    expect(list.status).toBe(200);
    expect(list.body.map((p: { slug: string }) => p.slug)).toEqual(['privacy', 'terms']);
    expect(list.body.find((p: { slug: string }) => p.slug === 'terms')).toMatchObject({
      isDefault: true,
      markdown: DEFAULT_LEGAL_PAGES.terms,
    });
    expect(await app.ctx.db.select().from(legalPages)).toEqual([]);
  });

  it('refuses bad input with a 4xx', async () => {
    expect((await platform.request('PUT', '/api/admin/legal-pages/terms', { markdown: '   ' })).status).toBe(400);
    expect((await platform.request('PUT', '/api/admin/legal-pages/terms', {})).status).toBe(400);
    expect(
      (await platform.request('PUT', '/api/admin/legal-pages/terms', { markdown: 'x'.repeat(100_001) })).status,
    ).toBe(400);
    expect((await platform.request('PUT', '/api/admin/legal-pages/cookies', { markdown: '## Cookies' })).status).toBe(
      400,
    );
  });

  it('saves the markdown for every county, shown without raw HTML or unsafe links', async () => {
    const markdown = [
      '## Our terms for {county}',
      '',
      'Written for **{site}**. <script>alert(1)</script> <b onmouseover="x()">bold</b>',
      '',
      '[a link](javascript:alert(2)) and [privacy](/privacy)',
    ].join('\n');
    const saved = await platform.request('PUT', '/api/admin/legal-pages/terms', { markdown });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ slug: 'terms', isDefault: false, markdown, updatedAt: expect.any(String) });

    const wyoming = (await publicPage('terms', 'wyoming.localhost')).body;
    expect(wyoming.html).toContain('Our terms for Wyoming County, PA');
    expect(wyoming.html).toContain('<strong');
    expect(wyoming.html).not.toContain('<script');
    expect(wyoming.html).not.toContain('<b ');
    expect(wyoming.html).not.toContain('onmouseover');
    expect(wyoming.html).not.toContain('javascript:');
    expect(wyoming.html).toContain('href="/privacy"');
    expect(wyoming.updatedAt).toBe(saved.body.updatedAt);
    expect((await publicPage('terms')).body.html).toContain('Our terms for Sullivan County, PA');
    // The other page keeps its default.
    expect((await publicPage('privacy')).body.html).toContain('Card payments');
    expect(
      (await platform.get('/api/admin/legal-pages')).body.find((p: { slug: string }) => p.slug === 'privacy').isDefault,
    ).toBe(true);

    const page = await requestOnHost(pages.url, 'localhost', 'GET', '/terms', { headers: { Accept: 'text/html' } });
    expect(page.text).toContain('Our terms for Sullivan County, PA');
    expect(page.text).not.toContain('<script>alert(1)');
  });
});
