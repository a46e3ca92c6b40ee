import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractorPage, PublicContractor } from '@shared/schemas/directory';
import { contractorBilling, contractorServices, contractors } from '../../server/db/schema';
import { credentialsOf } from '../../server/contractors/credentials';
import { createContractor } from '../support/factories';
import { contractorByName, listedContractors } from '../support/fixtures';
import type { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
let http: TestClient;
beforeAll(async () => {
  app = await startTestApp();
  http = app.client();
});
afterAll(() => app?.close());

const list = async (qs = '') => {
  const res = await http.get<ContractorPage>(`/api/contractors${qs}`);
  expect(res.status, res.text).toBe(200);
  return res.body;
};
const names = (p: ContractorPage) => p.contractors.map((c) => c.name);

describe('GET /api/contractors', () => {
  it('lists only approved, visible contractors, highest rated first, with counts', async () => {
    const listed = await listedContractors(app.ctx.db);
    const page = await list('?pageSize=48');
    expect(page.total).toBe(listed.length);
    expect(page.totalAll).toBe(listed.length);
    expect(page.contractors).toHaveLength(listed.length);
    const expected = [...listed]
      .sort((a, b) => b.rating - a.rating || b.reviewCount - a.reviewCount || a.id - b.id)
      .map((c) => c.name);
    expect(names(page)).toEqual(expected);
    expect(names(page)).not.toContain('Gansel Home Services');
  });

  it('sorts by name, by reviews and by location', async () => {
    const listed = await listedContractors(app.ctx.db);
    const byName = [...listed]
      .sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id - b.id)
      .map((c) => c.name);
    expect(names(await list('?sort=name&pageSize=48'))).toEqual(byName);
    const byReviews = [...listed]
      .sort((a, b) => b.reviewCount - a.reviewCount || b.rating - a.rating || a.id - b.id)
      .map((c) => c.name);
    expect(names(await list('?sort=reviews&pageSize=48'))).toEqual(byReviews);
    const cities = (await list('?sort=location&pageSize=48')).contractors.map((c) => c.location.toLowerCase());
    expect(cities).toEqual([...cities].sort());
  });

  it("maps the home option 'Kitchen & Bathroom Remodeling' onto 'Kitchen & Bath Remodeling' contractors", async () => {
    const page = await list(`?service=${encodeURIComponent('Kitchen & Bathroom Remodeling')}`);
    expect(page.total).toBeGreaterThan(0);
    for (const c of page.contractors) expect(c.services).toContain('Kitchen & Bath Remodeling');
    expect(names(page)).toContain('Loyalsock Creek Builders');
    expect(page.totalAll).toBeGreaterThan(page.total);
  });

  it("maps 'Laporte Borough' onto contractors of 'Laporte, PA' and those serving Laporte", async () => {
    const page = await list(`?location=${encodeURIComponent('Laporte Borough')}&pageSize=48`);
    expect(names(page)).toContain('Loyalsock Creek Builders');
    expect(page.contractors.find((c) => c.name === 'Loyalsock Creek Builders')?.location).toBe('Laporte, PA');
    // A contractor from elsewhere that lists Laporte among its service areas is included too.
    expect(page.contractors.some((c) => c.location !== 'Laporte, PA')).toBe(true);
    expect(await list('?location=laporte&pageSize=48')).toEqual(page);
  });

  it('combines several services (any of them), rating and licensed filters', async () => {
    const both = await list('?service=roofing-siding&pageSize=48');
    for (const c of both.contractors)
      expect(c.services.some((s) => s === 'Roofing' || s === 'Siding & Exteriors')).toBe(true);
    const rated = await list('?minRating=4.8&pageSize=48');
    for (const c of rated.contractors) expect(c.rating).toBeGreaterThanOrEqual(4.8);
    const licensed = await list('?licensed=true&pageSize=48');
    expect(licensed.total).toBeGreaterThan(0);
    for (const c of licensed.contractors) expect(c.verified).toBe(true);
    expect(licensed.total).toBeLessThan((await list()).total);
  });

  it('pages through results in a stable order', async () => {
    const all = names(await list('?sort=name&pageSize=48'));
    const p1 = await list('?sort=name&pageSize=5&page=1');
    const p2 = await list('?sort=name&pageSize=5&page=2');
    expect([...names(p1), ...names(p2)]).toEqual(all.slice(0, 10));
    expect(p2.page).toBe(2);
    expect(p2.pageSize).toBe(5);
    expect((await list('?page=99')).contractors).toEqual([]);
  });

  it('never shows hidden, pending or rejected contractors', async () => {
    const target = await createContractor(app.ctx.db);
    expect(names(await list('?pageSize=48'))).toContain(target.name);
    await app.ctx.db.update(contractors).set({ isVisible: false }).where(eq(contractors.id, target.id));
    expect(names(await list('?pageSize=48'))).not.toContain(target.name);
    expect((await http.get(`/api/contractors/${target.id}`)).status).toBe(404);
    await app.ctx.db
      .update(contractors)
      .set({ isVisible: true, approvalStatus: 'rejected', rejectionReason: 'Unlicensed' })
      .where(eq(contractors.id, target.id));
    expect(names(await list('?pageSize=48'))).not.toContain(target.name);
    expect((await http.get(`/api/contractors/${target.id}`)).status).toBe(404);
    await app.ctx.db
      .update(contractors)
      .set({ approvalStatus: 'approved', rejectionReason: null })
      .where(eq(contractors.id, target.id));
    expect(names(await list('?pageSize=48'))).toContain(target.name);
    const pending = await createContractor(app.ctx.db, { approvalStatus: 'pending', isVisible: false });
    expect((await http.get(`/api/contractors/${pending.id}`)).status).toBe(404);
  });

  it('puts featured (Premium) contractors first on the home order', async () => {
    const lowest = (await list('?pageSize=48')).contractors.at(-1)!;
    await app.ctx.db.update(contractors).set({ isFeatured: true }).where(eq(contractors.id, lowest.id));
    const featured = await list('?sort=featured&pageSize=6');
    expect(featured.contractors[0]).toMatchObject({ id: lowest.id, featured: true });
    expect(featured.contractors).toHaveLength(6);
    await app.ctx.db.update(contractors).set({ isFeatured: false }).where(eq(contractors.id, lowest.id));
  });

  it('answers bad queries with 400 and a message per field', async () => {
    const cases: [string, string][] = [
      ['?sort=bogus', 'sort'],
      ['?page=0', 'page'],
      ['?pageSize=1000', 'pageSize'],
      ['?minRating=9', 'minRating'],
      ['?minRating=abc', 'minRating'],
      ['?service=Underwater%20Welding', 'service'],
      ['?serviceType=nope', 'serviceType'],
      ['?location=Atlantis', 'location'],
      ['?licensed=maybe', 'licensed'],
      ['?service=a&service=b', 'service'],
    ];
    for (const [qs, field] of cases) {
      const res = await http.get(`/api/contractors${qs}`);
      expect(res.status, qs).toBe(400);
      expect(res.body.message, qs).toBeTypeOf('string');
      expect(Object.keys(res.body.errors), qs).toContain(field);
    }
  });

  it('keeps what only the admin or the contractor may see out of public answers', async () => {
    const page = await list('?pageSize=48');
    const keys = new Set(page.contractors.flatMap((c) => Object.keys(c)));
    for (const secret of [
      'email',
      'phone',
      'rejectionReason',
      'approvalStatus',
      'stripeCustomerId',
      'stripeSubscriptionId',
      'monthlyLeadsUsed',
      'isVisible',
      'address',
    ]) {
      expect(keys.has(secret), secret).toBe(false);
    }
  });
});

describe('directory cache', () => {
  it('serves repeated questions until anything the directory shows changes, by any write path', async () => {
    const target = await createContractor(app.ctx.db);
    const before = await list('?sort=name&pageSize=48');
    const v0 = await app.ctx.directory.version();
    // Credit counters are not shown publicly: no new version, same cached answer.
    await app.ctx.db
      .update(contractorBilling)
      .set({ monthlyLeadsUsed: 1 })
      .where(eq(contractorBilling.contractorId, target.id));
    expect(await app.ctx.directory.version()).toBe(v0);
    expect(await list('?sort=name&pageSize=48')).toEqual(before);
    // A raw SQL change to a shown column is seen at once.
    await app.ctx.db.execute(sql`update contractors set review_count = review_count + 1000 where id = ${target.id}`);
    expect(await app.ctx.directory.version()).toBeGreaterThan(v0);
    const after = await list('?sort=name&pageSize=48');
    expect(after.contractors.find((c) => c.id === target.id)!.reviewCount).toBe(target.reviewCount + 1000);
    const v1 = await app.ctx.directory.version();
    await app.ctx.db.delete(contractorServices).where(eq(contractorServices.contractorId, target.id));
    expect(await app.ctx.directory.version()).toBeGreaterThan(v1);
    expect((await http.get(`/api/contractors/${target.id}`)).body.services).toEqual([]);
  });

  it('answers gzip to clients that accept it and plain JSON to others, the same answer both ways', async () => {
    const path = `${app.url}/api/contractors?sort=name&pageSize=48`;
    const plain = await fetch(path, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('content-type')).toMatch(/^application\/json/);
    const body = await plain.json();
    for (let i = 0; i < 2; i++) {
      // fetch inflates the body itself; the header says what came over the wire.
      const zipped = await fetch(path, { headers: { 'accept-encoding': 'gzip' } });
      expect(zipped.headers.get('content-encoding')).toBe('gzip');
      expect(await zipped.json()).toEqual(body);
    }
    expect(body).toEqual(await list('?sort=name&pageSize=48'));
  });
});

describe('GET /api/contractors/search', () => {
  it('takes service (search page) or serviceType (browse) and location', async () => {
    const a = await http.get<ContractorPage>('/api/contractors/search?service=electrical&location=all');
    const b = await http.get<ContractorPage>(
      `/api/contractors/search?serviceType=${encodeURIComponent('Electrical Work & Wiring')}`,
    );
    expect(a.status).toBe(200);
    expect(a.body.total).toBeGreaterThanOrEqual(2);
    expect(b.body).toEqual(a.body);
    for (const c of a.body.contractors) expect(c.services).toContain('Electrical');
  });
});

describe('GET /api/contractors/:id', () => {
  it('returns the public profile with service areas and credentials', async () => {
    const seeded = await contractorByName(app.ctx.db, 'Loyalsock Creek Builders');
    const { registration, insurance } = await credentialsOf(app.ctx, seeded.id);
    const res = await http.get(`/api/contractors/${seeded.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: seeded.id,
      name: 'Loyalsock Creek Builders',
      location: 'Laporte, PA',
      homeTown: 'Laporte',
      licenseNumber: registration.number,
      verified: true,
      // The seeded registration and insurance are verified, the insurance until its expiry date.
      credentials: {
        registration: { verified: true, verifiedMonth: expect.stringMatching(/^\d{4}-\d{2}$/) },
        insurance: { verified: true, insuredUntil: insurance.expiresOn },
      },
    });
    expect(res.body.serviceAreas[0]).toBe('Laporte');
    expect(res.body.services).toContain('Kitchen & Bath Remodeling');
    expect(res.body).not.toHaveProperty('email');
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await http.get('/api/contractors/999999')).status).toBe(404);
    const bad = await http.get('/api/contractors/abc');
    expect(bad.status).toBe(400);
    expect(bad.body.errors.id).toBeTruthy();
    expect((await http.get('/api/contractors/99999999999')).status).toBe(400);
  });
});

describe('sitemap and robots', () => {
  it('lists the public pages, every listed contractor and published post', async () => {
    const pending = await createContractor(app.ctx.db, { approvalStatus: 'pending', isVisible: false });
    const res = await fetch(`${app.url}/sitemap.xml`);
    // The API-only test app has no page renderer; the sitemap is served by the app itself.
    expect(res.status).toBe(200);
    const xml = await res.text();
    const listed: PublicContractor[] = (await list('?pageSize=48')).contractors;
    for (const c of listed) expect(xml).toContain(`/contractor/${c.id}</loc>`);
    expect(xml).not.toContain(`/contractor/${pending.id}</loc>`);
    expect(xml.match(/\/blog\/[a-z0-9-]+<\/loc>/g)).toHaveLength(4);
    for (const p of [
      '/browse',
      '/search',
      '/blog',
      '/submit-business',
      '/contractor-pricing',
      '/review-policy',
      '/privacy',
      '/terms',
    ])
      expect(xml).toContain(`${p}</loc>`);
  });

  it('keeps robots out of /admin and /api', async () => {
    const txt = await (await fetch(`${app.url}/robots.txt`)).text();
    expect(txt).toContain('Disallow: /admin');
    expect(txt).toContain('Disallow: /api');
    expect(txt).toMatch(/Sitemap: http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml/);
  });
});
