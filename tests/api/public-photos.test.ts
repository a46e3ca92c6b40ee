import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { region } from '@shared/region';
import type { ContractorPage, ContractorProfile } from '@shared/schemas/directory';
import type { GalleryPage } from '@shared/schemas/gallery';
import { galleryQuerySchemaFor } from '@shared/schemas/gallery';
import type { OwnPhoto } from '@shared/schemas/photos';
import { contractorPhotoVariants, directoryVersions, photoBlobs, regions } from '../../server/db/schema';
import { createDirectory } from '../../server/directory';
import { todayOf } from '../../server/clock';
import { addCounty } from '../../server/counties/counties';
import { adminClient, contractorClient } from '../support/admin-session';
import { createContractor } from '../support/factories';
import { getOnHost } from '../support/host-request';
import { canonical, metaDescription } from '../support/page-markup';
import { servePages } from '../support/page-server';
import type { TestClient } from '../support/http-client';
import { plainPng } from '../support/photo-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Approved photos on the public site (issue 24, docs/decisions/0112-photos-on-the-public-site.md):
 * approving, taking down or deleting one moves the directory version of the counties listing the
 * contractor, so the cached cards, profiles and gallery show it at once on every instance; the
 * gallery lists only the county's own contractors and filters by service and town; the profile's
 * HTML reserves each photo's space and lazy-loads those below the fold. On both databases.
 */

let app: TestApp;
let admin: TestClient;
const SULLIVAN = region.slug;
const WYOMING = 'wyoming';

beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT: 'false' });
  admin = await adminClient(app);
  await addCounty(app.ctx, WYOMING);
}, 120_000);
afterAll(() => app?.close());

async function upload(
  client: TestClient,
  bytes: Buffer,
  fields: { kind?: string; caption?: string } = {},
): Promise<OwnPhoto> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('photo', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'photo.png');
  const res = await fetch(`${app.url}/api/contractor/photos`, {
    method: 'POST',
    headers: { Cookie: client.cookie!, Accept: 'application/json' },
    body: form,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as OwnPhoto;
}

async function approve(id: number) {
  const res = await admin.post(`/api/admin/photos/${id}/approve`);
  expect(res.status, res.text).toBe(200);
}

/** The county's stored version, checked against the read model's (from notifications on the embedded database). */
async function version(county: string): Promise<number> {
  const [row] = await app.ctx.db
    .select({ v: directoryVersions.version })
    .from(directoryVersions)
    .innerJoin(regions, eq(regions.id, directoryVersions.regionId))
    .where(and(eq(regions.slug, county)));
  expect(await app.ctx.directory.version(county)).toBe(row!.v);
  return row!.v;
}

const profileOf = async (id: number, host = '127.0.0.1') =>
  (await getOnHost(app.url, host, `/api/contractors/${id}`)).json() as ContractorProfile;
const galleryOf = async (query = '', host = '127.0.0.1') => {
  const res = await getOnHost(app.url, host, `/api/gallery${query}`);
  expect(res.status, res.text).toBe(200);
  return res.json() as GalleryPage;
};

describe('the sample data', () => {
  it('gives most listed sample contractors a logo and project photos, each distinct image stored once', async () => {
    const page = (await getOnHost(app.url, '127.0.0.1', '/api/contractors?pageSize=48')).json() as ContractorPage;
    const withLogo = page.contractors.filter((c) => c.logo);
    expect(withLogo.length).toBeGreaterThan(page.contractors.length / 2);
    expect(withLogo.length).toBeLessThan(page.contractors.length);
    const gallery = await galleryOf();
    expect(gallery.total).toBeGreaterThanOrEqual(20);
    expect(new Set(gallery.photos.map((p) => p.contractorId)).size).toBeGreaterThan(5);
    // A handful of scenes shared across contractors: far fewer files than renditions in use.
    const variants = await app.ctx.db.select({ hash: contractorPhotoVariants.hash }).from(contractorPhotoVariants);
    const blobs = await app.ctx.db.select({ key: photoBlobs.key }).from(photoBlobs);
    expect(blobs.length).toBe(new Set(variants.map((v) => v.hash)).size);
    expect(blobs.length).toBeLessThan(variants.length / 2);
  });
});

describe('a photo on the public site', () => {
  it('moves the version of the counties listing its contractor when approved, taken down or deleted, and not while pending', async () => {
    const c = await createContractor(app.ctx.db, { name: 'Version Mover Decks', homeTown: 'laporte' });
    const portal = await contractorClient(app, c.id);
    // Read once so the card and profile are cached in the snapshot at this version.
    expect((await profileOf(c.id)).photos).toEqual([]);

    const before = { s: await version(SULLIVAN), w: await version(WYOMING) };
    const photo = await upload(portal, await plainPng(900, 600), { caption: 'Cedar deck, Laporte' });
    // Pending: nothing public changed.
    expect(await version(SULLIVAN)).toBe(before.s);
    expect((await profileOf(c.id)).photos).toEqual([]);

    await approve(photo.id);
    const approved = await version(SULLIVAN);
    expect(approved).toBeGreaterThan(before.s);
    expect(await version(WYOMING), 'another county does not list it').toBe(before.w);
    const shown = (await profileOf(c.id)).photos;
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ id: photo.id, caption: 'Cedar deck, Laporte', width: 900, height: 600 });
    expect(shown[0]!.srcset.avif).toMatch(/^\/media\/[0-9a-f]{64}\.avif \d+w/);
    expect((await galleryOf()).photos.map((p) => p.id)).toContain(photo.id);

    // Taken down (rejected once approved): gone from the profile and the gallery at once.
    const down = await admin.post(`/api/admin/photos/${photo.id}/reject`, {
      reason: 'Shows the customer’s house number',
    });
    expect(down.status, down.text).toBe(200);
    const takenDown = await version(SULLIVAN);
    expect(takenDown).toBeGreaterThan(approved);
    expect((await profileOf(c.id)).photos).toEqual([]);
    expect((await galleryOf()).photos.map((p) => p.id)).not.toContain(photo.id);

    // A new caption sends an approved photo back to review: it leaves the site until approved again.
    const again = await upload(portal, await plainPng(640, 480), { caption: 'Porch' });
    await approve(again.id);
    const shownAgain = await version(SULLIVAN);
    const recaptioned = await portal.patch(`/api/contractor/photos/${again.id}`, { caption: 'Front porch' });
    expect(recaptioned.status, recaptioned.text).toBe(200);
    expect(await version(SULLIVAN)).toBeGreaterThan(shownAgain);
    expect((await profileOf(c.id)).photos).toEqual([]);
    await approve(again.id);
    expect((await profileOf(c.id)).photos.map((p) => p.caption)).toEqual(['Front porch']);

    // Deleted by its contractor.
    const beforeDelete = await version(SULLIVAN);
    expect((await portal.request('DELETE', `/api/contractor/photos/${again.id}`)).status).toBe(204);
    expect(await version(SULLIVAN)).toBeGreaterThan(beforeDelete);
    expect((await profileOf(c.id)).photos).toEqual([]);
  });

  it('shows an approved logo on the cards, small renditions only, and the same on the SQL path', async () => {
    const c = await createContractor(app.ctx.db, {
      name: 'Aaaa Logo Card Roofing',
      homeTown: 'laporte',
      services: ['roofing'],
    });
    const portal = await contractorClient(app, c.id);
    const logo = await upload(portal, await plainPng(600, 300), { kind: 'logo' });
    const cardOf = async () =>
      (
        (await getOnHost(app.url, '127.0.0.1', '/api/contractors?sort=name&pageSize=48')).json() as ContractorPage
      ).contractors.find((x) => x.id === c.id)!;
    expect((await cardOf()).logo).toBeNull();
    await approve(logo.id);
    const card = await cardOf();
    expect(card.logo).toMatchObject({ id: logo.id, width: logo.width, height: logo.height });
    expect(logo.width / logo.height).toBe(2);
    // Only the 128 and 256 pixel renditions: a card shows it small.
    expect(card.logo!.srcset.webp.split(', ').map((s) => s.split(' ')[1])).toEqual(['128w', '256w']);

    // The SQL reference (DIRECTORY_CACHE=false) answers the same card, profile and gallery.
    const sqlDirectory = createDirectory(app.ctx.database, {
      cache: false,
      staleIfErrorMs: 0,
      today: todayOf(app.ctx.clock),
    });
    const q = galleryQuerySchemaFor(region).parse({});
    expect(await sqlDirectory.profile(SULLIVAN, c.id)).toEqual(await app.ctx.directory.profile(SULLIVAN, c.id));
    expect(await sqlDirectory.gallery(SULLIVAN, q)).toEqual(await app.ctx.directory.gallery(SULLIVAN, q));
  });
});

describe('the gallery', () => {
  it("lists only the county's own contractors' approved project photos, newest first, filtered by service and town", async () => {
    const roofer = await createContractor(app.ctx.db, {
      name: 'Gallery Dushore Roofing',
      homeTown: 'dushore',
      services: ['roofing'],
    });
    const builder = await createContractor(app.ctx.db, {
      name: 'Gallery Laporte Builders',
      homeTown: 'laporte',
      services: ['general-contracting'],
    });
    const wyoming = await createContractor(app.ctx.db, {
      name: 'Gallery Wyoming Decks',
      county: WYOMING,
      homeTown: 'tunkhannock',
      services: ['roofing'],
    });
    const ids: Record<string, number> = {};
    const portals = new Map<number, TestClient>();
    for (const [name, c] of Object.entries({ roofer, builder, wyoming })) {
      const portal = await contractorClient(app, c.id);
      portals.set(c.id, portal);
      const p = await upload(portal, await plainPng(400, 300), { caption: `${name} project` });
      await approve(p.id);
      ids[name] = p.id;
      // A logo is not a project photo: never in the gallery.
      const logo = await upload(portal, await plainPng(200, 200), { kind: 'logo' });
      await approve(logo.id);
      ids[`${name}-logo`] = logo.id;
    }
    // A pending photo is not public.
    const pending = await upload(portals.get(builder.id)!, await plainPng(300, 300), { caption: 'waiting' });

    const all = await galleryOf();
    const shown = all.photos.map((p) => p.id);
    expect(shown).toEqual(expect.arrayContaining([ids.roofer, ids.builder]));
    expect(shown).not.toContain(ids.wyoming);
    expect(shown).not.toContain(ids['roofer-logo']);
    expect(shown).not.toContain(pending.id);
    // Newest approval first.
    expect(shown.indexOf(ids.builder!)).toBeLessThan(shown.indexOf(ids.roofer!));
    expect(all.photos.find((p) => p.id === ids.roofer)).toMatchObject({
      contractorId: roofer.id,
      contractorName: 'Gallery Dushore Roofing',
      contractorLocation: 'Dushore, PA',
    });

    const roofing = (await galleryOf('?service=roofing')).photos.map((p) => p.id);
    expect(roofing).toContain(ids.roofer);
    expect(roofing).not.toContain(ids.builder);
    const inLaporte = (await galleryOf('?town=laporte')).photos.map((p) => p.id);
    expect(inLaporte).toContain(ids.builder);
    expect(inLaporte).not.toContain(ids.roofer);
    expect((await galleryOf('?service=roofing&town=laporte')).photos.map((p) => p.id)).not.toContain(ids.roofer);
    // 'all' is no filter, as on the search page.
    expect((await galleryOf('?service=all&town=all')).total).toBe(all.total);

    // Wyoming's site shows Wyoming's contractors only.
    const onWyoming = (await galleryOf('', 'wyoming.localhost')).photos.map((p) => p.id);
    expect(onWyoming).toEqual([ids.wyoming]);

    // Bad input: a clear 400, never a 500.
    for (const bad of ['?service=rocket-science', '?town=atlantis', '?page=0', '?page=x']) {
      const res = await getOnHost(app.url, '127.0.0.1', `/api/gallery${bad}`);
      expect(res.status, bad).toBe(400);
    }
  });
});

describe('the pages', () => {
  let pages: Awaited<ReturnType<typeof servePages>>;
  beforeAll(async () => {
    pages = await servePages(app.ctx);
  });
  afterAll(() => pages?.close());

  it('renders the profile with a grid of links to the large images: <picture> with srcset and sizes, width and height, lazy below the fold, captions', async () => {
    const c = await createContractor(app.ctx.db, { name: 'Markup Check Kitchens', homeTown: 'laporte' });
    const portal = await contractorClient(app, c.id);
    const shots: OwnPhoto[] = [];
    for (let i = 1; i <= 5; i++) {
      const p = await upload(portal, await plainPng(800, 600), { caption: `Kitchen ${i}` });
      await approve(p.id);
      shots.push(p);
    }
    const logo = await upload(portal, await plainPng(300, 300), { kind: 'logo' });
    await approve(logo.id);

    const res = await getOnHost(pages.url, '127.0.0.1', `/contractor/${c.id}`, { Accept: 'text/html' });
    expect(res.status).toBe(200);
    const html = res.text;
    const pictures = [...html.matchAll(/<picture>(.*?)<\/picture>/g)].map((m) => m[1]!);
    // The logo and the five photos.
    expect(pictures).toHaveLength(6);
    for (const pic of pictures) {
      expect(pic).toMatch(/<source type="image\/avif" srcSet="\/media\/[0-9a-f]{64}\.avif \d+w[^"]*" sizes="[^"]+"/i);
      expect(pic).toMatch(/<source type="image\/webp" srcSet="\/media\/[0-9a-f]{64}\.webp \d+w[^"]*" sizes="[^"]+"/i);
      expect(pic).toMatch(/<img [^>]*width="\d+" height="\d+"/);
    }
    // The grid: each photo a link to its largest WebP, the first row at once, the rest lazy; each caption shown.
    const grid = html.slice(html.indexOf('data-testid="profile-photos"'));
    const links = [...grid.matchAll(/<a href="(\/media\/[0-9a-f]{64}\.webp)"[^>]*><picture>.*?<img ([^>]*)>/g)];
    expect(links).toHaveLength(5);
    expect(links.map((l) => l[1])).toEqual(shots.map((s) => s.variants.filter((v) => v.format === 'webp').at(-1)!.url));
    expect(links.map((l) => /loading="lazy"/.test(l[2]!))).toEqual([false, false, false, true, true]);
    for (const l of links) expect(l[2]).toMatch(/width="800" height="600"/);
    for (let i = 1; i <= 5; i++)
      expect(grid).toContain(`<figcaption class="text-sm text-muted-foreground">Kitchen ${i}</figcaption>`);
    // Every served rendition named there is public.
    expect((await fetch(`${app.url}${links[0]![1]}`)).status).toBe(200);
  });

  it('renders /gallery per county: title, description, canonical, a plain GET form, photos linking to profiles; the sitemap lists it', async () => {
    const c = await createContractor(app.ctx.db, {
      name: 'Gallery Page Masonry',
      homeTown: 'eagles-mere',
      services: ['concrete-masonry'],
    });
    const portal = await contractorClient(app, c.id);
    const p = await upload(portal, await plainPng(500, 400), { caption: 'Stone chimney' });
    await approve(p.id);

    const res = await getOnHost(pages.url, '127.0.0.1', '/gallery?service=concrete-masonry&town=eagles-mere', {
      Accept: 'text/html',
    });
    expect(res.status).toBe(200);
    const html = res.text;
    expect(html).toMatch(
      /<title data-head>Concrete &amp; Masonry Project Gallery in Eagles Mere \| Sullivan County Contractors<\/title>/,
    );
    expect(metaDescription(html)).toContain('Sullivan County contractors');
    expect(canonical(html)).toBe(`${app.ctx.siteUrl}/gallery?service=concrete-masonry&town=eagles-mere`);
    const form = /<form [^>]*>/.exec(html.slice(html.indexOf('aria-label="Filter photos"') - 200))![0];
    expect(form).toContain('action="/gallery"');
    expect(form).toContain('method="get"');
    expect(html).toMatch(/<select [^>]*name="service"/);
    expect(html).toMatch(/<select [^>]*name="town"/);
    expect(html).toContain(`href="/contractor/${c.id}"`);
    expect(html).toContain('Stone chimney');

    const wyoming = await getOnHost(pages.url, 'wyoming.localhost', '/gallery', { Accept: 'text/html' });
    expect(wyoming.status).toBe(200);
    expect(wyoming.text).toMatch(/<title data-head>Project Gallery \| Wyoming County/);
    expect(wyoming.text).not.toContain('Stone chimney');

    const sitemap = await getOnHost(pages.url, '127.0.0.1', '/sitemap.xml');
    expect(sitemap.text).toContain('/gallery</loc>');
  });
});
