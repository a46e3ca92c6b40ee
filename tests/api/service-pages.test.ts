import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { region } from '@shared/region';
import type { ContractorPage } from '@shared/schemas/directory';
import { SERVICE_PAGE_SIZE, type ServiceCoverage, type ServicePageAnswer } from '@shared/schemas/service-pages';
import { contractorServiceAreas, contractorServices, contractors, services, towns } from '../../server/db/schema';
import { todayOf } from '../../server/clock';
import { createDirectory } from '../../server/directory';
import { listedContractors } from '../support/fixtures';
import { TestClient } from '../support/http-client';
import { jsonLd } from '../support/page-markup';
import { servePages } from '../support/page-server';
import { startTestApp, type TestApp } from '../support/test-app';

/** Hundreds of queries on the SQL reference path of the embedded database: over half a minute on a busy two-core machine. */
const SQL_REFERENCE_TIMEOUT = 120_000;

/**
 * The service pages (issue 16; docs/decisions/0030-service-pages.md): /contractors/{service} and
 * /contractors/{service}/{town} for every combination with a listed contractor, 404 for the
 * others, listed in the sitemap with the newest change among their contractors; answered by the
 * read model (memory and SQL alike); pages with short cache lifetimes, ETags and 304s.
 */

let app: TestApp;
let api: TestClient;
/** The same app with the server renderer (the client's render entry, as in development), for pages. */
let pages: TestClient;
let closePages: (() => Promise<void>) | undefined;

beforeAll(async () => {
  app = await startTestApp();
  api = app.client();
  ({ client: pages, close: closePages } = await servePages(app.ctx));
});
afterAll(async () => {
  await closePages?.();
  await app?.close();
});

const path = (service: string, town?: string | null) => `/contractors/${service}${town ? `/${town}` : ''}`;
const everyCombination = region.services.flatMap((s) => [
  path(s.slug),
  ...region.towns.map((t) => path(s.slug, t.slug)),
]);

/**
 * Which contractors each page should list, worked out here from the tables (not by the code under
 * test): a listed contractor offering the service, in the county or covering the town (home town
 * or service area).
 */
async function expectedPages(): Promise<Map<string, number[]>> {
  const db = app.ctx.db;
  const listed = await listedContractors(db);
  const ids = listed.map((c) => c.id);
  const offered = await db
    .select({ id: contractorServices.contractorId, slug: services.slug })
    .from(contractorServices)
    .innerJoin(services, eq(services.id, contractorServices.serviceId))
    .where(inArray(contractorServices.contractorId, ids));
  const areas = await db
    .select({ id: contractorServiceAreas.contractorId, slug: towns.slug })
    .from(contractorServiceAreas)
    .innerJoin(towns, eq(towns.id, contractorServiceAreas.townId))
    .where(inArray(contractorServiceAreas.contractorId, ids));
  const townRows = await db.select({ id: towns.id, slug: towns.slug }).from(towns);
  const out = new Map<string, number[]>();
  const add = (p: string, id: number) => out.set(p, [...new Set([...(out.get(p) ?? []), id])]);
  for (const c of listed) {
    const home = townRows.find((t) => t.id === c.homeTownId)?.slug;
    const served = [...(home ? [home] : []), ...areas.filter((a) => a.id === c.id).map((a) => a.slug)];
    for (const o of offered.filter((x) => x.id === c.id)) {
      add(path(o.slug), c.id);
      for (const t of served) add(path(o.slug, t), c.id);
    }
  }
  return out;
}

const sitemapEntries = async () => {
  const xml = await (await fetch(`${app.url}/sitemap.xml`)).text();
  return new Map(
    [...xml.matchAll(/<url><loc>[^<]*?(\/contractors\/[^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?<\/url>/g)].map(
      (m) => [m[1]!, m[2] ?? null],
    ),
  );
};

describe('GET /api/service-pages/:service/:town', () => {
  it('answers 200 for every service and town with a listed contractor and 404 for every other; the sitemap lists exactly the first', async () => {
    const expected = await expectedPages();
    // The seed covers many combinations, not all of them: both answers are tried.
    expect(expected.size).toBeGreaterThan(40);
    expect(everyCombination.length - expected.size).toBeGreaterThan(20);
    for (const p of everyCombination) {
      const res = await api.get<ServicePageAnswer>(`/api/service-pages${p.slice('/contractors'.length)}`);
      const ids = expected.get(p);
      expect(res.status, p).toBe(ids ? 200 : 404);
      if (ids) {
        expect(res.body.total, p).toBe(ids.length);
        expect(
          res.body.contractors.map((c) => c.id).sort((a, b) => a - b),
          p,
        ).toEqual([...ids].sort((a, b) => a - b).slice(0, SERVICE_PAGE_SIZE));
      } else {
        expect((res.body as unknown as { message: string }).message, p).toBe(
          'No listed contractor offers this service here',
        );
      }
    }
    expect([...(await sitemapEntries()).keys()].sort()).toEqual([...expected.keys()].sort());
  });

  it('lists the same contractors in the same order as the search (verified or not), with the towns and services it links to', async () => {
    const res = await api.get<ServicePageAnswer>('/api/service-pages/general-contracting/laporte');
    expect(res.status).toBe(200);
    const search = await api.get<ContractorPage>(
      '/api/contractors/search?service=general-contracting&location=laporte&licensed=false',
    );
    expect(res.body.contractors).toEqual(search.body.contractors);
    expect(res.body).toMatchObject({
      service: 'general-contracting',
      town: 'laporte',
      total: search.body.total,
      page: 1,
      pageSize: SERVICE_PAGE_SIZE,
    });
    const expected = await expectedPages();
    // Towns where the service is offered, and the services offered in the town, in taxonomy order with their counts.
    expect(res.body.towns).toEqual(
      region.towns.flatMap((t) =>
        expected.get(path('general-contracting', t.slug))
          ? [{ slug: t.slug, count: expected.get(path('general-contracting', t.slug))!.length }]
          : [],
      ),
    );
    expect(res.body.services).toEqual(
      region.services.flatMap((s) =>
        expected.get(path(s.slug, 'laporte'))
          ? [{ slug: s.slug, count: expected.get(path(s.slug, 'laporte'))!.length }]
          : [],
      ),
    );
    // The county page lists every service in the county.
    const county = await api.get<ServicePageAnswer>('/api/service-pages/general-contracting');
    expect(county.body.town).toBeNull();
    expect(county.body.services).toEqual(
      region.services.flatMap((s) =>
        expected.get(path(s.slug)) ? [{ slug: s.slug, count: expected.get(path(s.slug))!.length }] : [],
      ),
    );
  });

  it('answers 404 for a service or town the taxonomy does not know, and 400 for a bad page number', async () => {
    expect((await api.get('/api/service-pages/underwater-welding')).status).toBe(404);
    expect((await api.get('/api/service-pages/roofing/atlantis')).status).toBe(404);
    // Only slugs: a label or another case is not the page's address.
    expect((await api.get('/api/service-pages/Roofing')).status).toBe(404);
    const bad = await api.get('/api/service-pages/general-contracting?page=abc');
    expect(bad.status).toBe(400);
    expect(bad.body.errors.page).toBeTruthy();
    expect((await api.get('/api/service-pages/general-contracting?page=0')).status).toBe(400);
  });

  it('answers what has a page: every service with a listed contractor and its towns', async () => {
    const expected = await expectedPages();
    const res = await api.get<ServiceCoverage>('/api/service-pages');
    expect(res.status).toBe(200);
    const listed = res.body.services.flatMap((s) => [
      [path(s.slug), s.count] as const,
      ...s.towns.map((t) => [path(s.slug, t.slug), t.count] as const),
    ]);
    expect(new Map(listed)).toEqual(new Map([...expected].map(([p, ids]) => [p, ids.length])));
  });
});

describe('the read model', () => {
  it(
    'answers coverage and every page the same from memory and in SQL, after changes to who is listed and where',
    { timeout: SQL_REFERENCE_TIMEOUT },
    async () => {
      const memory = createDirectory(app.testDb.database, {
        cache: true,
        staleIfErrorMs: 0,
        today: todayOf(app.ctx.clock),
      });
      const reference = createDirectory(app.testDb.database, {
        cache: false,
        staleIfErrorMs: 0,
        today: todayOf(app.ctx.clock),
      });
      const compare = async () => {
        expect(await memory.coverage(region.slug)).toEqual(await reference.coverage(region.slug));
        for (const s of region.services) {
          for (const town of [undefined, ...region.towns.map((t) => t.slug)]) {
            const [a, b] = await Promise.all(
              [memory, reference].map((d) =>
                d.servicePage(region.slug, { service: s.slug, town, page: 1 }).then(
                  (v) => v,
                  (err: Error) => err.message,
                ),
              ),
            );
            expect(a, path(s.slug, town)).toEqual(b);
          }
        }
      };
      await compare();
      const [first] = await listedContractors(app.ctx.db);
      // A contractor moves town and gains a service area; another leaves the directory.
      const [other] = await app.ctx.db.select({ id: towns.id }).from(towns).where(eq(towns.slug, 'elkland-township'));
      await app.ctx.db.update(contractors).set({ homeTownId: other!.id }).where(eq(contractors.id, first!.id));
      await app.ctx.db
        .insert(contractorServiceAreas)
        .values({ contractorId: first!.id, townId: other!.id })
        .onConflictDoNothing();
      await app.ctx.db.execute(
        sql`update contractors set is_visible = false where id = (select min(id) from contractors where is_visible and id <> ${first!.id})`,
      );
      await compare();
    },
  );
});

describe('sitemap', () => {
  it('gives each service page the newest change among its contractors as lastmod', async () => {
    const expected = await expectedPages();
    // Every contractor last changed on 2024-01-15, but one (listed on the fewest pages, lowest id first) on 2025-03-04.
    const pagesOf = (id: number) => [...expected.values()].filter((ids) => ids.includes(id)).length;
    const [newest] = (await listedContractors(app.ctx.db))
      .filter((c) => pagesOf(c.id) > 0)
      .sort((a, b) => pagesOf(a.id) - pagesOf(b.id) || a.id - b.id);
    await app.ctx.db.execute(sql`update contractors set updated_at = '2024-01-15T12:00:00Z'`);
    await app.ctx.db.execute(sql`update contractors set updated_at = '2025-03-04T12:00:00Z' where id = ${newest!.id}`);
    const entries = await sitemapEntries();
    let withNewest = 0;
    for (const [p, ids] of expected) {
      const lastmod = ids.includes(newest!.id) ? '2025-03-04' : '2024-01-15';
      if (ids.includes(newest!.id)) withNewest++;
      expect(entries.get(p), p).toBe(lastmod);
    }
    expect(withNewest).toBe(pagesOf(newest!.id));
    expect(withNewest).toBeLessThan(expected.size);
  });

  it('drops a page once its only contractor leaves the directory, and the page answers 404', async () => {
    const expected = await expectedPages();
    const [p, [only]] = [...expected].find(([, ids]) => ids.length === 1)!;
    expect((await pages.get(p)).status).toBe(200);
    await app.ctx.db.update(contractors).set({ isVisible: false }).where(eq(contractors.id, only!));
    expect((await sitemapEntries()).has(p)).toBe(false);
    expect((await api.get(`/api/service-pages${p.slice('/contractors'.length)}`)).status).toBe(404);
    const page = await pages.get(p);
    expect(page.status).toBe(404);
    expect(page.text).toContain('Page Not Found');
    await app.ctx.db.update(contractors).set({ isVisible: true }).where(eq(contractors.id, only!));
    expect((await pages.get(p)).status).toBe(200);
  });
});

describe('the pages', () => {
  it('are rendered on the server with a title, an H1, the cards, breadcrumbs and JSON-LD', async () => {
    const data = (await api.get<ServicePageAnswer>('/api/service-pages/general-contracting/laporte')).body;
    const res = await pages.get('/contractors/general-contracting/laporte');
    expect(res.status).toBe(200);
    expect(res.text).toContain(
      '<title data-head>General Contracting Contractors in Laporte, PA | Sullivan County Contractors</title>',
    );
    expect(res.text).toMatch(/<h1[^>]*>General Contracting contractors in Laporte, PA<\/h1>/);
    expect(res.text).toContain(`${data.total} listed contractors offer General Contracting in Laporte, PA.`);
    for (const c of data.contractors) expect(res.text).toContain(`href="/contractor/${c.id}"`);
    const [, itemList, breadcrumbs] = jsonLd(res.text);
    expect(itemList).toMatchObject({
      '@type': 'ItemList',
      numberOfItems: data.total,
      name: 'General Contracting contractors in Laporte, PA',
    });
    expect(itemList!.itemListElement.map((e: any) => [e.position, e.item.name, e.item.url])).toEqual(
      data.contractors.map((c, i) => [i + 1, c.name, `${app.ctx.siteUrl}/contractor/${c.id}`]),
    );
    expect(breadcrumbs!.itemListElement.map((e: any) => [e.position, e.name, e.item])).toEqual([
      [1, 'Home', `${app.ctx.siteUrl}/`],
      [2, 'Contractors', `${app.ctx.siteUrl}/browse`],
      [3, 'General Contracting', `${app.ctx.siteUrl}/contractors/general-contracting`],
      [4, 'Laporte', `${app.ctx.siteUrl}/contractors/general-contracting/laporte`],
    ]);
  });

  it('answer 404 with the not-found page for an empty combination, an unknown service or town, and a page past the end', async () => {
    const expected = await expectedPages();
    const empty = everyCombination.find((p) => !expected.has(p))!;
    for (const p of [
      empty,
      '/contractors/underwater-welding',
      '/contractors/roofing/atlantis',
      '/contractors/general-contracting/laporte/extra',
    ]) {
      const res = await pages.get(p);
      expect(res.status, p).toBe(404);
      expect(res.text, p).toContain('Page Not Found');
      expect(res.text, p).toContain('content="noindex, follow"');
    }
    const past = await pages.get('/contractors/general-contracting?page=99');
    expect(past.status).toBe(404);
    expect(past.text).toContain('No page 99');
    expect(past.text).toContain('href="/contractors/general-contracting"');
  });

  it('carry a short public max-age and an ETag, answered 304 while unchanged, for gzip and plain alike', async () => {
    const p = '/contractors/general-contracting/laporte';
    // As a browser or a CDN revalidates (fetch would otherwise add 'Cache-Control: no-cache', a reload that skips validators).
    const revalidate = (tag: string, more: Record<string, string> = {}) =>
      fetch(`${pages.baseUrl}${p}`, { headers: { 'If-None-Match': tag, 'Cache-Control': 'max-age=0', ...more } });
    const first = await fetch(`${pages.baseUrl}${p}`);
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60');
    expect(first.headers.get('vary')).toBe('Accept-Encoding');
    expect(first.headers.get('content-encoding')).toBe('gzip');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    const again = await revalidate(etag);
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    // The plain answer is the same page: same tag.
    const plain = await revalidate(etag, { 'Accept-Encoding': 'identity' });
    expect(plain.status).toBe(304);
    // Another tag, or a changed page, is answered in full.
    expect((await revalidate('W/"other"')).status).toBe(200);
    const [listed] = (await api.get<ServicePageAnswer>('/api/service-pages/general-contracting/laporte')).body
      .contractors;
    await app.ctx.db.update(contractors).set({ name: 'Renamed Contracting Co' }).where(eq(contractors.id, listed!.id));
    const changed = await revalidate(etag);
    expect(changed.status).toBe(200);
    expect(await changed.text()).toContain('Renamed Contracting Co');
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it('other pages: profiles and posts, which count views, only revalidate; account pages stay in the browser; a 404 has no 304', async () => {
    const [c] = await listedContractors(app.ctx.db);
    const profile = await fetch(`${pages.baseUrl}/contractor/${c!.id}`);
    expect(profile.headers.get('cache-control')).toBe('public, no-cache');
    const tag = profile.headers.get('etag')!;
    expect(
      (
        await fetch(`${pages.baseUrl}/contractor/${c!.id}`, {
          headers: { 'If-None-Match': tag, 'Cache-Control': 'max-age=0' },
        })
      ).status,
    ).toBe(304);
    const posts = (await api.get<{ slug: string }[]>('/api/blog')).body;
    expect((await fetch(`${pages.baseUrl}/blog/${posts[0]!.slug}`)).headers.get('cache-control')).toBe(
      'public, no-cache',
    );
    for (const p of ['/', '/browse', '/search?service=roofing'])
      expect((await fetch(`${pages.baseUrl}${p}`)).headers.get('cache-control'), p).toBe(
        'public, max-age=0, s-maxage=60',
      );
    for (const p of ['/admin', '/contractor']) {
      const res = await fetch(`${pages.baseUrl}${p}`);
      expect(res.headers.get('cache-control'), p).toBe('private, no-cache');
      expect(res.headers.get('x-robots-tag'), p).toBe('noindex, nofollow');
    }
    const missing = await fetch(`${pages.baseUrl}/no-such-page`);
    expect(missing.status).toBe(404);
    expect(
      (
        await fetch(`${pages.baseUrl}/no-such-page`, {
          headers: { 'If-None-Match': missing.headers.get('etag')!, 'Cache-Control': 'max-age=0' },
        })
      ).status,
    ).toBe(404);
  });
});
