import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CountyListing, SiteFigures } from '@shared/schemas/region';
import { addCounty } from '../../server/counties/counties';
import { contractorImports, contractorPhotos, regions } from '../../server/db/schema';
import { adminClient } from '../support/admin-session';
import { createContractor, createLead } from '../support/factories';
import { getOnHost } from '../support/host-request';
import type { TestClient } from '../support/http-client';
import { servePages } from '../support/page-server';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 38, part 5 (docs/decisions/0133-launch-figures-and-honest-home.md): the admin's Counties
 * page shows each county's launch figures (imported, approved, claimed, listed, with photos, quote
 * requests this month in its time zone) and whether it is ready to announce; a county's home page
 * shows only figures of its own data worth saying, and a county with no one listed says what is
 * coming instead of an empty featured section. Wyoming is added by this file and holds only its
 * data. Runs on both databases.
 */
let app: TestApp;
let admin: TestClient;
let pagesUrl: string;
let closePages: (() => Promise<void>) | undefined;
let wyoming: number;
let sullivan: number;

/** Wednesday 18 November 2026, 10 am in Pennsylvania. */
const NOW = new Date('2026-11-18T15:00:00Z');

beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT: 'false' });
  app.ctx.clock.now = () => NOW;
  await addCounty(app.ctx, 'wyoming');
  const ids = await app.ctx.db.select({ id: regions.id, slug: regions.slug }).from(regions);
  wyoming = ids.find((r) => r.slug === 'wyoming')!.id;
  sullivan = ids.find((r) => r.slug === 'sullivan')!.id;
  admin = await adminClient(app);
  const served = await servePages(app.ctx);
  pagesUrl = served.url;
  closePages = served.close;
});
afterAll(async () => {
  await closePages?.();
  await app?.close();
});

async function launchOf(slug: string): Promise<CountyListing['launch']> {
  const res = await admin.get<{ counties: CountyListing[] }>('/api/admin/counties');
  expect(res.status, res.text).toBe(200);
  return res.body.counties.find((c) => c.slug === slug)!.launch;
}

async function figuresOf(host: string): Promise<SiteFigures> {
  const res = await getOnHost(app.url, host, '/api/region/figures');
  expect(res.status, res.text).toBe(200);
  return res.json() as SiteFigures;
}

/** The home page as the server renders it on the host, without its boot data (which holds the figures as JSON). */
async function homeMarkup(host: string): Promise<string> {
  const res = await getOnHost(pagesUrl, host, '/', { Accept: 'text/html' });
  expect(res.status, res.text.slice(0, 300)).toBe(200);
  return res.text.slice(0, res.text.indexOf('<script id="__BOOT__"'));
}

const wyomingListing = (name: string, overrides: Parameters<typeof createContractor>[1] = {}) =>
  createContractor(app.ctx.db, { county: 'wyoming', homeTown: 'tunkhannock', name, ...overrides });

async function importRow(regionId: number) {
  const [row] = await app.ctx.db
    .insert(contractorImports)
    .values({ regionId, importedBy: 'command line', fileName: 'wyoming.csv' })
    .returning({ id: contractorImports.id });
  return row!.id;
}

describe('a county just added', () => {
  it('has nothing to show: zero launch figures, not ready to announce, and no figures on its home page', async () => {
    // The list's towns and services are each county's own, counted in the same pass.
    const listed = (await admin.get<{ counties: CountyListing[] }>('/api/admin/counties')).body.counties;
    for (const [slug, host] of [
      ['wyoming', 'wyoming.localhost'],
      ['sullivan', 'localhost'],
    ] as const) {
      const region = (await getOnHost(app.url, host, '/api/region')).json() as {
        towns: unknown[];
        services: unknown[];
      };
      expect(listed.find((c) => c.slug === slug)).toMatchObject({
        towns: region.towns.length,
        services: region.services.length,
      });
    }
    expect(await launchOf('wyoming')).toEqual({
      imported: 0,
      approved: 0,
      claimed: 0,
      listed: 0,
      withPhotos: 0,
      requestsThisMonth: 0,
      toAnnounce: { listed: 6, withPhotos: 3 },
    });
    expect(await figuresOf('wyoming.localhost')).toEqual({});

    const html = await homeMarkup('wyoming.localhost');
    expect(html).toContain('Contractors are joining Wyoming County');
    expect(html).toContain('Quotes Available');
    expect(html).not.toContain('Featured Contractors');
    expect(html).not.toContain('Contractors Listed');
    expect(html).not.toContain('Verified Registration');
    expect(html).not.toContain('Through This Site');
    // The fixed words of the specification's sample are gone.
    for (const fixed of ['10+', '500+', 'Projects Completed', '100%']) expect(html).not.toContain(fixed);
  });
});

describe('the default county with its sample contractors', () => {
  it('shows its own listed contractors, verified share and jobs won, and the featured section', async () => {
    const figures = await figuresOf('localhost');
    const directory = (await getOnHost(app.url, 'localhost', '/api/contractors?pageSize=1')).json() as {
      totalAll: number;
    };
    expect(figures.listed).toBe(directory.totalAll);
    expect(figures.listed).toBeGreaterThanOrEqual(3);
    expect(figures.verifiedPercent).toBeGreaterThan(0);
    expect(figures.verifiedPercent).toBeLessThanOrEqual(100);
    expect(figures.jobsWon).toBeGreaterThan(0);

    const html = await homeMarkup('localhost');
    expect(html).toContain('Featured Contractors');
    expect(html).toContain('Contractors Listed');
    expect(html).toContain(`${figures.verifiedPercent}%`);
    expect(html).toContain('With Verified Registration');
    expect(html).toContain('Jobs Won Through This Site');
    expect(html).not.toContain('Contractors are joining');
  });
});

describe("a county's figures move with its own data only", () => {
  it('counts listings, the verified share, imports, claims, photos, wins and this month’s requests, each in its county', async () => {
    const sullivanFigures = await figuresOf('localhost');
    const sullivanLaunch = await launchOf('sullivan');

    // One listing: worth a count, not a share.
    const first = await wyomingListing('Tunkhannock Roofing', { registration: { verified: true } });
    expect(await figuresOf('wyoming.localhost')).toEqual({ listed: 1 });
    expect(await homeMarkup('wyoming.localhost')).toContain('Contractor Listed');

    // Three listings, one registration verified: 33%, rounded down. A hidden one and a pending one
    // are not listed; an expired registration is not verified on the clock's day.
    await wyomingListing('Nicholson Builders');
    await wyomingListing('Meshoppen Masonry', { registration: { verified: true, expiresOn: '2026-11-18' } });
    await wyomingListing('Hidden Carpentry', { isVisible: false });
    await wyomingListing('Pending Electric', { approvalStatus: 'pending', isVisible: false });
    expect(await figuresOf('wyoming.localhost')).toEqual({ listed: 3, verifiedPercent: 33 });

    // A Sullivan County contractor with a service area in Wyoming County is listed there too.
    const crossing = await createContractor(app.ctx.db, { name: 'Dushore Across Roofing', homeTown: 'dushore' });
    await app.ctx.db.execute(sql`insert into contractor_service_areas (contractor_id, town_id)
      select ${crossing.id}, t.id from towns t where t.region_id = ${wyoming} and t.slug = 'nicholson'`);
    expect(await figuresOf('wyoming.localhost')).toEqual({ listed: 4, verifiedPercent: 25 });

    // Imports: two listings of an import into Wyoming County, one approved, claimed.
    const importId = await importRow(wyoming);
    const claimed = await wyomingListing('Falls Imported Roofing', {
      importId,
      registration: { verified: false },
      claimedAt: new Date('2026-11-10T12:00:00Z'),
    });
    await wyomingListing('Noxen Imported Masonry', { importId, approvalStatus: 'pending', isVisible: false });
    // Photos: an approved one counts, a pending one does not.
    await app.ctx.db.insert(contractorPhotos).values([
      { contractorId: first.id, kind: 'project', status: 'approved', width: 800, height: 600 },
      { contractorId: claimed.id, kind: 'logo', status: 'pending', width: 256, height: 256 },
    ]);
    // Quote requests: this month in Eastern time (from 1 November, 12 am), and a won one from October.
    await createLead(app.ctx.db, { regionId: wyoming, createdAt: new Date('2026-11-01T03:30:00Z') }); // 31 Oct, 11:30 pm
    await createLead(app.ctx.db, { regionId: wyoming, createdAt: new Date('2026-11-01T04:30:00Z') }); // 1 Nov, 12:30 am
    await createLead(app.ctx.db, { regionId: wyoming, createdAt: new Date('2026-11-18T14:00:00Z') });
    await createLead(app.ctx.db, { regionId: wyoming, status: 'won', createdAt: new Date('2026-10-20T14:00:00Z') });

    expect(await launchOf('wyoming')).toEqual({
      imported: 2,
      approved: 1,
      claimed: 1,
      listed: 5,
      withPhotos: 1,
      requestsThisMonth: 2,
      toAnnounce: { listed: 1, withPhotos: 2 },
    });
    expect(await figuresOf('wyoming.localhost')).toEqual({ listed: 5, verifiedPercent: 20, jobsWon: 1 });
    const html = await homeMarkup('wyoming.localhost');
    expect(html).toContain('Featured Contractors');
    expect(html).toContain('Contractors Listed');
    expect(html).toContain('20%');
    expect(html).toContain('Job Won Through This Site');
    expect(html).not.toContain('Contractors are joining');

    // Sullivan County's figures hold none of it, except its own listing that works in both counties.
    expect(await figuresOf('localhost')).toEqual({
      ...sullivanFigures,
      listed: sullivanFigures.listed! + 1,
      verifiedPercent: expect.any(Number),
    });
    expect(await launchOf('sullivan')).toEqual({ ...sullivanLaunch, listed: sullivanLaunch.listed + 1 });

    // And a Sullivan County win is not Wyoming County's.
    await createLead(app.ctx.db, { regionId: sullivan, status: 'won', createdAt: new Date('2026-11-02T14:00:00Z') });
    expect((await figuresOf('wyoming.localhost')).jobsWon).toBe(1);
    expect((await figuresOf('localhost')).jobsWon).toBe(sullivanFigures.jobsWon! + 1);
    expect((await launchOf('wyoming')).requestsThisMonth).toBe(2);
  });

  it('is ready to announce with six listed contractors, three of them with photos', async () => {
    const more = await Promise.all(['One', 'Two', 'Three'].map((n) => wyomingListing(`Lake Winola ${n} Builders`)));
    await app.ctx.db.insert(contractorPhotos).values(
      more.slice(0, 2).map((c) => ({
        contractorId: c.id,
        kind: 'logo' as const,
        status: 'approved' as const,
        width: 256,
        height: 256,
      })),
    );
    const launch = await launchOf('wyoming');
    expect(launch).toMatchObject({ listed: 8, withPhotos: 3, toAnnounce: { listed: 0, withPhotos: 0 } });
  });
});
