import { eq } from 'drizzle-orm';
import { region } from '@shared/region';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCheck, AdminContractor } from '@shared/schemas/admin';
import { directoryQuerySchemaFor, type ContractorPage, type ContractorProfile } from '@shared/schemas/directory';
import { adminUsers, contractors } from '../../server/db/schema';
import { todayOf } from '../../server/clock';
import { createDirectory } from '../../server/directory';
import { adminClient } from '../support/admin-session';
import { createContractor } from '../support/factories';
import type { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * A business approved through the product must be findable from the default search
 * (docs/decisions/0018-licensed-and-insured-filter.md): the administrator verifies licence and insurance
 * (recorded with who and when), and while that is not done the search answer says how many matches
 * 'Licensed & Insured Only' hides.
 */
let app: TestApp;
let admin: TestClient;
let adminName: string;
beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT: 'false' });
  admin = await adminClient(app);
  adminName = (await admin.get<AdminCheck>('/api/admin/check')).body.username!;
});
afterAll(() => app?.close());

// No seeded contractor offers additions in Elkland Township, so this search finds only ours.
const SEARCH = { service: 'additions', location: 'elkland-township' };

async function search(extra: Record<string, string> = {}): Promise<ContractorPage> {
  const query = { ...SEARCH, ...extra };
  const res = await app.client().get<ContractorPage>(`/api/contractors/search?${new URLSearchParams(query)}`);
  expect(res.status, res.text).toBe(200);
  // The SQL reference (DIRECTORY_CACHE=false) answers the same as the in-memory snapshot the API used.
  const reference = createDirectory(app.ctx.database, {
    cache: false,
    staleIfErrorMs: 0,
    today: todayOf(app.ctx.clock),
  });
  expect(await reference.contractors(region.slug, directoryQuerySchemaFor(region).parse(query))).toEqual(res.body);
  return res.body;
}
const licensed = () => search({ licensed: 'true' });

const inAYear = () => new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
let numbers = 0;

/** A submission with its credentials' expiry dates, which verifying needs (docs/decisions/0032-credential-verification.md). */
async function submit(name: string): Promise<number> {
  const res = await app.client().post('/api/contractors/submit', {
    name,
    email: `${name.toLowerCase().replace(/\W+/g, '-')}@builders.example`,
    phone: '(570) 555-0177',
    website: '',
    address: '3 Ridge Road',
    city: 'Estella',
    zip: '18616',
    description: 'Additions, sunrooms and garages for farmhouses and camps.',
    yearsInBusiness: '9',
    licenseNumber: `PA7788${String(++numbers).padStart(2, '0')}`,
    registrationExpiresOn: inAYear(),
    insuranceInfo: 'General liability $2M, Penn Mutual',
    insuranceExpiresOn: inAYear(),
    projectGalleryUrl: '',
    services: ['Additions & Extensions'],
  });
  expect(res.status, res.text).toBe(201);
  return res.body.id;
}

const approve = (id: number, body: Record<string, unknown> = {}) =>
  admin.patch<AdminContractor & { message?: string }>(`/api/admin/contractors/${id}/approval`, {
    status: 'approved',
    ...body,
  });
// Error answers carry { message } instead of the contractor.
const verify = (id: number | string) =>
  admin.post<AdminContractor & { message?: string }>(`/api/admin/contractors/${id}/verify`);
const unverify = (id: number | string) =>
  admin.post<AdminContractor & { message?: string }>(`/api/admin/contractors/${id}/unverify`);
const row = async (id: number) => (await app.ctx.db.select().from(contractors).where(eq(contractors.id, id)))[0]!;
const adminId = async () =>
  (await app.ctx.db.select({ id: adminUsers.id }).from(adminUsers).where(eq(adminUsers.username, adminName)))[0]!.id;

function expectRecentIso(iso: string | null) {
  expect(iso).not.toBeNull();
  expect(Math.abs(Date.parse(iso!) - Date.now())).toBeLessThan(60_000);
}

describe('a business approved through the product', () => {
  let id: number;

  it('is stored unverified and, once approved, counted as hidden by the licensed filter', async () => {
    id = await submit('Estella Additions Co');
    expect(await licensed()).toMatchObject({ total: 0, unverifiedMatches: 0 });

    const approved = await approve(id);
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body).toMatchObject({
      approvalStatus: 'approved',
      verified: false,
      verifiedAt: null,
      verifiedBy: null,
      insuranceInfo: 'General liability $2M, Penn Mutual',
    });

    const hidden = await licensed();
    expect(hidden.contractors).toEqual([]);
    expect(hidden).toMatchObject({ total: 0, unverifiedMatches: 1 });
    const all = await search();
    expect(all.contractors.map((c) => [c.id, c.verified])).toEqual([[id, false]]);
    // Without the filter nothing is hidden.
    expect(all.unverifiedMatches).toBe(0);
  });

  it('is verified by the administrator, with who and when, and found by the licensed search at once', async () => {
    const res = await verify(id);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ id, verified: true, verifiedBy: adminName });
    expectRecentIso(res.body.verifiedAt);
    expect(await row(id)).toMatchObject({ verified: true, verifiedBy: adminName, verifiedByAdminId: await adminId() });

    const found = await licensed();
    expect(found).toMatchObject({ total: 1, unverifiedMatches: 0 });
    expect(found.contractors[0]).toMatchObject({ id, name: 'Estella Additions Co', verified: true });
    expect((await app.client().get<ContractorProfile>(`/api/contractors/${id}`)).body.verified).toBe(true);
    // The admin list shows the record too.
    const listed = (
      await admin.get<{ contractors: AdminContractor[] }>('/api/admin/contractors?search=Estella%20Additions')
    ).body.contractors;
    expect(listed).toMatchObject([{ id, verified: true, verifiedBy: adminName, verifiedAt: res.body.verifiedAt }]);
  });

  it('keeps the first record when verified again; withdrawing hides it from the licensed search again', async () => {
    const first = (await row(id)).verifiedAt!;
    const other = await adminClient(app);
    const again = await other.post<AdminContractor>(`/api/admin/contractors/${id}/verify`);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ verified: true, verifiedBy: adminName, verifiedAt: first.toISOString() });

    const withdrawn = await unverify(id);
    expect(withdrawn.status, withdrawn.text).toBe(200);
    expect(withdrawn.body).toMatchObject({ verified: false, verifiedAt: null, verifiedBy: null });
    expect(await row(id)).toMatchObject({
      verified: false,
      verifiedAt: null,
      verifiedBy: null,
      verifiedByAdminId: null,
    });
    expect(await licensed()).toMatchObject({ total: 0, unverifiedMatches: 1 });
    expect((await app.client().get<ContractorProfile>(`/api/contractors/${id}`)).body.verified).toBe(false);
    // Withdrawing twice changes nothing.
    expect((await unverify(id)).body).toMatchObject({ verified: false });
  });

  it('counts only matches of the other filters: rating, service and town still apply', async () => {
    expect(await licensed()).toMatchObject({ unverifiedMatches: 1 });
    // Its rating is 0: a minimum rating filters it out before the licensed filter is considered.
    expect(await search({ licensed: 'true', minRating: '3' })).toMatchObject({ total: 0, unverifiedMatches: 0 });
    expect(await search({ licensed: 'true', location: 'laporte' })).toMatchObject({ unverifiedMatches: 0 });
  });
});

describe('the approve step', () => {
  it('verifies with the approval when asked', async () => {
    const id = await submit('Elkland Sunrooms');
    const res = await approve(id, { verified: true });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      approvalStatus: 'approved',
      isVisible: true,
      verified: true,
      verifiedBy: adminName,
    });
    expectRecentIso(res.body.verifiedAt);
    expect((await licensed()).contractors.map((c) => c.id)).toContain(id);
  });

  it('leaves verification alone without the field, and withdraws it with verified: false', async () => {
    const submitted = await createContractor(app.ctx.db, {
      approvalStatus: 'pending',
      isVisible: false,
      registration: { expiresOn: inAYear() },
      insurance: { expiresOn: inAYear() },
    });
    await verify(submitted.id);
    const kept = await approve(submitted.id);
    expect(kept.body).toMatchObject({ approvalStatus: 'approved', verified: true, verifiedBy: adminName });
    const withdrawn = await approve(submitted.id, { verified: false });
    expect(withdrawn.body).toMatchObject({ approvalStatus: 'approved', verified: false, verifiedBy: null });
  });

  it('refuses a verified value that is not true or false', async () => {
    const pending = await createContractor(app.ctx.db, { approvalStatus: 'pending', isVisible: false });
    const res = await approve(pending.id, { verified: 'yes' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('verified must be true or false');
    expect((await row(pending.id)).approvalStatus).toBe('pending');
  });
});

describe('POST /api/admin/contractors/:id/verify and /unverify', () => {
  it('answer 404 for a missing contractor and 400 for an id that is not one', async () => {
    for (const call of [verify, unverify]) {
      expect((await call(999_999)).status).toBe(404);
      const bad = await call('abc');
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBeTypeOf('string');
    }
  });

  it('are for administrators only', async () => {
    const listed = await createContractor(app.ctx.db);
    expect((await app.client().post(`/api/admin/contractors/${listed.id}/verify`)).status).toBe(401);
    expect((await app.client().post(`/api/admin/contractors/${listed.id}/unverify`)).status).toBe(401);
    expect((await row(listed.id)).verified).toBe(listed.verified);
  });
});
