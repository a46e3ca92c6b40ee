import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BUSINESS_HOURS, type WeeklyHours } from '@shared/business-hours';
import type { ContractorProfile } from '@shared/schemas/directory';
import type { AdminListingChange, OwnListing } from '@shared/schemas/listing-changes';
import {
  contractorAccounts,
  contractorListingChanges,
  contractors,
  directoryVersions,
  outboxEmails,
  regions,
  towns,
} from '../../server/db/schema';
import { addCounty } from '../../server/counties/counties';
import { adminClient, contractorClient, countyAdminClient } from '../support/admin-session';
import { createContractor } from '../support/factories';
import type { TestClient } from '../support/http-client';
import { servePages } from '../support/page-server';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Listing edits reviewed before they are public (issue 24, docs/decisions/0111-listing-edits.md):
 * the contractor's edit is a pending change, the public keeps the old values until an administrator
 * of a county concerned approves it, approval applies every value and moves the versions of the
 * counties before and after, a rejection's reason is emailed, the name and registration number are
 * refused. Runs on both databases.
 */

let app: TestApp;
let platform: TestClient;
let wyomingAdmin: TestClient;
let lycomingAdmin: TestClient;

const townId = async (county: string, slug: string) =>
  (
    await app.ctx.db
      .select({ id: towns.id })
      .from(towns)
      .innerJoin(regions, eq(regions.id, towns.regionId))
      .where(and(eq(regions.slug, county), eq(towns.slug, slug)))
  )[0]!.id;
const version = async (county: string) =>
  (
    await app.ctx.db
      .select({ v: directoryVersions.version })
      .from(directoryVersions)
      .innerJoin(regions, eq(regions.id, directoryVersions.regionId))
      .where(eq(regions.slug, county))
  )[0]!.v;
const regionId = async (slug: string) =>
  (await app.ctx.db.select({ id: regions.id }).from(regions).where(eq(regions.slug, slug)))[0]!.id;
/** The contractor's mail: to its portal sign-in address (contractorClient gives it one of its own). */
const mailsTo = async (contractorId: number) => {
  const [account] = await app.ctx.db
    .select({ email: contractorAccounts.email })
    .from(contractorAccounts)
    .where(eq(contractorAccounts.contractorId, contractorId));
  return app.ctx.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, account!.email));
};
const profile = async (id: number) => (await app.client().get<ContractorProfile>(`/api/contractors/${id}`)).body;

const HOURS: WeeklyHours = [
  { open: '06:30', close: '17:00' },
  { open: '06:30', close: '17:00' },
  { open: '06:30', close: '17:00' },
  { open: '06:30', close: '17:00' },
  { open: '06:30', close: '15:00' },
  null,
  null,
];

beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT: 'false' });
  await addCounty(app.ctx, 'wyoming');
  await addCounty(app.ctx, 'lycoming');
  platform = await adminClient(app);
  wyomingAdmin = (await countyAdminClient(app, [await regionId('wyoming')])).client;
  lycomingAdmin = (await countyAdminClient(app, [await regionId('lycoming')])).client;
}, 120_000);
afterAll(() => app?.close());

async function newContractor() {
  const row = await createContractor(app.ctx.db, {
    description: 'Old description of the business.',
    phone: '570-555-0001',
    services: ['general-contracting'],
    homeTown: 'laporte',
  });
  return { row, portal: await contractorClient(app, row.id) };
}

const edit = async (overrides: Record<string, unknown> = {}) => ({
  description: 'New description: decks, porches and additions since 1998.',
  phone: '(570) 555-0199',
  website: 'ridgeline.example.com',
  yearsInBusiness: '27',
  services: ['general-contracting', 'roofing'],
  serviceAreas: [await townId('sullivan', 'laporte'), await townId('wyoming', 'tunkhannock')],
  businessHours: HOURS,
  ...overrides,
});

describe('a listing edit', () => {
  it('waits for review: the public keeps the old values, the portal shows the proposed ones', async () => {
    const { row, portal } = await newContractor();
    const sent = await portal.request('PUT', '/api/contractor/listing', await edit());
    expect(sent.status, sent.text).toBe(201);
    expect(sent.body).toMatchObject({
      status: 'pending',
      proposed: { phone: '(570) 555-0199', website: 'https://ridgeline.example.com', yearsInBusiness: 27 },
    });

    const own = (await portal.get<OwnListing>('/api/contractor/listing')).body;
    expect(own.current.description).toBe('Old description of the business.');
    expect(own.current.businessHours).toEqual(DEFAULT_BUSINESS_HOURS);
    expect(own.change?.status).toBe('pending');
    expect(own.change?.proposed.serviceAreas.map((t) => t.county)).toEqual(
      expect.arrayContaining(['Sullivan County', 'Wyoming County']),
    );
    expect(own.change?.proposed.services.map((s) => s.slug)).toEqual(['general-contracting', 'roofing']);

    const pub = await profile(row.id);
    expect(pub.description).toBe('Old description of the business.');
    expect(pub.businessHours).toEqual(DEFAULT_BUSINESS_HOURS);
    expect(pub.services).toHaveLength(1);
    const [stored] = await app.ctx.db.select().from(contractors).where(eq(contractors.id, row.id));
    expect(stored!.phone).toBe('570-555-0001');
  });

  it('a second edit replaces the pending one, and the contractor can withdraw it', async () => {
    const { row, portal } = await newContractor();
    expect((await portal.request('PUT', '/api/contractor/listing', await edit())).status).toBe(201);
    expect((await portal.request('PUT', '/api/contractor/listing', await edit({ phone: '570-555-0777' }))).status).toBe(
      201,
    );
    const rows = await app.ctx.db
      .select()
      .from(contractorListingChanges)
      .where(eq(contractorListingChanges.contractorId, row.id));
    expect(rows.map((r) => r.status).sort()).toEqual(['pending', 'withdrawn']);
    expect(rows.find((r) => r.status === 'pending')!.phone).toBe('570-555-0777');

    const withdrawn = await portal.request('DELETE', '/api/contractor/listing/change');
    expect(withdrawn.status, withdrawn.text).toBe(204);
    expect((await portal.get<OwnListing>('/api/contractor/listing')).body.change).toBeNull();
    expect(
      (await platform.get<AdminListingChange[]>('/api/admin/listing-changes')).body.map((c) => c.contractorId),
    ).not.toContain(row.id);
    expect((await portal.request('DELETE', '/api/contractor/listing/change')).status).toBe(404);
  });

  it('two edits sent at once leave exactly one pending change; an approval and a rejection at once, one decision', async () => {
    const { row, portal } = await newContractor();
    const both = await Promise.all([
      portal.request('PUT', '/api/contractor/listing', await edit({ phone: '570-555-0301' })),
      portal.request('PUT', '/api/contractor/listing', await edit({ phone: '570-555-0302' })),
    ]);
    expect(both.map((r) => r.status)).toEqual([201, 201]);
    const pending = await app.ctx.db
      .select()
      .from(contractorListingChanges)
      .where(and(eq(contractorListingChanges.contractorId, row.id), eq(contractorListingChanges.status, 'pending')));
    expect(pending).toHaveLength(1);
    const decisions = await Promise.all([
      platform.post(`/api/admin/listing-changes/${pending[0]!.id}/approve`),
      platform.post(`/api/admin/listing-changes/${pending[0]!.id}/reject`, { reason: 'Too late.' }),
    ]);
    expect(decisions.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('refuses the business name and registration number, and bad values, with a 400 and stores nothing', async () => {
    const { row, portal } = await newContractor();
    const cases: [string, Record<string, unknown>, string][] = [
      ['a new name', { name: 'Another Name LLC' }, 'name'],
      ['a new registration number', { licenseNumber: 'PA999999' }, 'licenseNumber'],
      ['an empty description', { description: '   ' }, 'description'],
      ['a short phone', { phone: '555-01' }, 'phone'],
      ['a bad website', { website: 'not a site at all' }, 'website'],
      ['negative years', { yearsInBusiness: -3 }, 'yearsInBusiness'],
      ['no service', { services: [] }, 'services'],
      ['an unknown service', { services: ['underwater-basket-weaving'] }, 'services'],
      ['no town', { serviceAreas: [] }, 'serviceAreas'],
      ['an unknown town', { serviceAreas: [2_000_000_000] }, 'serviceAreas'],
      ['a town that is not a number', { serviceAreas: ['laporte'] }, 'serviceAreas.0'],
      ['six days of hours', { businessHours: HOURS.slice(0, 6) }, 'businessHours'],
      [
        'closing before opening',
        { businessHours: [{ open: '17:00', close: '08:00' }, ...HOURS.slice(1)] },
        'businessHours.0',
      ],
      [
        'a time that is no time',
        { businessHours: [{ open: '25:00', close: '26:00' }, ...HOURS.slice(1)] },
        'businessHours.0.open',
      ],
    ];
    for (const [label, overrides, field] of cases) {
      const res = await portal.request('PUT', '/api/contractor/listing', await edit(overrides));
      expect(res.status, label).toBe(400);
      expect(Object.keys(res.body.errors ?? {}), `${label}: ${res.text}`).toContain(field);
    }
    const nameRefused = await portal.request(
      'PUT',
      '/api/contractor/listing',
      await edit({ name: 'Another Name LLC' }),
    );
    expect(nameRefused.body.errors.name).toMatch(/changed only by the administrator/);
    expect(
      (
        await portal.request('PUT', '/api/contractor/listing', undefined, {
          headers: { 'Content-Type': 'application/json' },
          raw: '{bad',
        })
      ).status,
    ).toBe(400);
    // The listing's own values again: nothing to review.
    const same = await portal.request('PUT', '/api/contractor/listing', {
      description: 'Old description of the business.',
      phone: '570-555-0001',
      website: '',
      services: ['general-contracting'],
      serviceAreas: [await townId('sullivan', 'laporte')],
      businessHours: DEFAULT_BUSINESS_HOURS,
      yearsInBusiness: row.yearsInBusiness,
    });
    expect(same.status, same.text).toBe(400);
    expect(same.body.message).toMatch(/Nothing to review/);
    expect(
      await app.ctx.db.select().from(contractorListingChanges).where(eq(contractorListingChanges.contractorId, row.id)),
    ).toEqual([]);
    // Not the public's nor an administrator's to send.
    expect((await app.client().request('PUT', '/api/contractor/listing', await edit())).status).toBe(401);
    expect((await platform.request('PUT', '/api/contractor/listing', await edit())).status).toBe(403);
  });
});

describe('the review', () => {
  it('approval applies every value at once and moves the versions of the counties before and after', async () => {
    const { row, portal } = await newContractor();
    const sent = await portal.request('PUT', '/api/contractor/listing', await edit());
    const id = sent.body.id as number;
    // The public profile is read (and kept) before the decision, so a stale cache would show.
    expect((await profile(row.id)).description).toBe('Old description of the business.');

    const listed = (await platform.get<AdminListingChange[]>('/api/admin/listing-changes')).body.find(
      (c) => c.id === id,
    )!;
    expect(listed.current.description).toBe('Old description of the business.');
    expect(listed.proposed.description).toMatch(/^New description/);
    expect(listed.current.phone).toBe('570-555-0001');
    expect(listed.proposed.phone).toBe('(570) 555-0199');

    const before = {
      sullivan: await version('sullivan'),
      wyoming: await version('wyoming'),
      lycoming: await version('lycoming'),
    };
    const approved = await platform.post(`/api/admin/listing-changes/${id}/approve`);
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body).toMatchObject({ status: 'approved', reviewedBy: expect.any(String) });
    expect(await version('sullivan')).toBeGreaterThan(before.sullivan);
    expect(await version('wyoming')).toBeGreaterThan(before.wyoming);
    expect(await version('lycoming')).toBe(before.lycoming);

    const [stored] = await app.ctx.db.select().from(contractors).where(eq(contractors.id, row.id));
    expect(stored).toMatchObject({
      phone: '(570) 555-0199',
      website: 'https://ridgeline.example.com',
      yearsInBusiness: 27,
      businessHours: HOURS,
    });
    const pub = await profile(row.id);
    expect(pub.description).toBe('New description: decks, porches and additions since 1998.');
    expect(pub.businessHours).toEqual(HOURS);
    expect(pub.services).toEqual(['General Contracting', 'Roofing']);
    // The public profile never carries the phone (docs/decisions/0017-public-contact-details.md).
    expect(JSON.stringify(pub)).not.toContain('555-0199');
    // The server-rendered page shows the new hours, in the text and in its structured data.
    const pages = await servePages(app.ctx);
    try {
      const html = (await pages.client.get(`/contractor/${row.id}`)).text;
      expect(html).toContain('Mon-Thu');
      expect(html).toContain('6:30 AM-5:00 PM');
      expect(html).toContain('Sat-Sun');
      expect(html).toContain('Mo-Th 06:30-17:00');
      expect(html).not.toContain('7:00 AM-6:00 PM');
      expect(html).not.toContain('555-0199');
    } finally {
      await pages.close();
    }

    const [mail] = await mailsTo(row.id);
    expect(mail).toMatchObject({ kind: 'listing-decision', subject: 'Your listing changes are now public' });
    expect((await portal.get<OwnListing>('/api/contractor/listing')).body).toMatchObject({
      current: { phone: '(570) 555-0199' },
      change: { status: 'approved' },
    });
    // Decided once.
    expect((await platform.post(`/api/admin/listing-changes/${id}/approve`)).status).toBe(409);
  });

  it('dropping a county on approval moves that county too', async () => {
    const row = await createContractor(app.ctx.db, {
      county: 'wyoming',
      homeTown: 'tunkhannock',
      description: 'Wyoming only.',
    });
    const portal = await contractorClient(app, row.id);
    const sent = await portal.request(
      'PUT',
      '/api/contractor/listing',
      await edit({ serviceAreas: [await townId('sullivan', 'laporte')] }),
    );
    expect(sent.status, sent.text).toBe(201);
    const before = { sullivan: await version('sullivan'), wyoming: await version('wyoming') };
    expect((await wyomingAdmin.post(`/api/admin/listing-changes/${sent.body.id}/approve`)).status).toBe(200);
    expect(await version('sullivan')).toBeGreaterThan(before.sullivan);
    expect(await version('wyoming')).toBeGreaterThan(before.wyoming);
  });

  it('a rejection keeps the listing, records the reason and emails it to the contractor', async () => {
    const { row, portal } = await newContractor();
    const id = (await portal.request('PUT', '/api/contractor/listing', await edit())).body.id as number;
    expect((await platform.post(`/api/admin/listing-changes/${id}/reject`, { reason: '   ' })).status).toBe(400);
    expect((await platform.post(`/api/admin/listing-changes/${id}/reject`, { reason: 'x'.repeat(501) })).status).toBe(
      400,
    );
    const rejected = await platform.post(`/api/admin/listing-changes/${id}/reject`, {
      reason: 'Please describe your own work, not a competitor’s.',
    });
    expect(rejected.status, rejected.text).toBe(200);
    expect(rejected.body.status).toBe('rejected');
    expect((await profile(row.id)).description).toBe('Old description of the business.');
    const own = (await portal.get<OwnListing>('/api/contractor/listing')).body;
    expect(own.change).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Please describe your own work, not a competitor’s.',
    });
    const [mail] = await mailsTo(row.id);
    expect(mail).toMatchObject({ kind: 'listing-decision', subject: 'Your listing changes were not approved' });
    expect(mail!.textBody).toContain('Reason: Please describe your own work, not a competitor’s.');
    expect((await platform.post(`/api/admin/listing-changes/${id}/approve`)).status).toBe(409);
  });

  it("is the business of the counties concerned only: another county's administrator gets 404 and sees nothing", async () => {
    const { row, portal } = await newContractor();
    const id = (await portal.request('PUT', '/api/contractor/listing', await edit())).body.id as number;
    // Lycoming is neither served now nor proposed.
    expect(
      (await lycomingAdmin.get<AdminListingChange[]>('/api/admin/listing-changes')).body.map((c) => c.id),
    ).not.toContain(id);
    expect((await lycomingAdmin.post(`/api/admin/listing-changes/${id}/approve`)).status).toBe(404);
    expect((await lycomingAdmin.post(`/api/admin/listing-changes/${id}/reject`, { reason: 'No.' })).status).toBe(404);
    // Wyoming is proposed: its administrator sees the change, and decides it.
    expect(
      (await wyomingAdmin.get<AdminListingChange[]>('/api/admin/listing-changes')).body.map((c) => c.id),
    ).toContain(id);
    expect(
      (await app.ctx.db.select().from(contractorListingChanges).where(eq(contractorListingChanges.id, id)))[0]!.status,
    ).toBe('pending');
    expect((await portal.post(`/api/admin/listing-changes/${id}/approve`)).status).toBe(403);
    expect((await app.client().get('/api/admin/listing-changes')).status).toBe(401);
    expect((await platform.get('/api/admin/listing-changes?status=nonsense')).status).toBe(400);
    expect((await platform.post('/api/admin/listing-changes/abc/approve')).status).toBe(400);
    expect((await platform.post('/api/admin/listing-changes/999999999/approve')).status).toBe(404);
    const rejected = await wyomingAdmin.post(`/api/admin/listing-changes/${id}/reject`, {
      reason: 'Tunkhannock is outside your registration.',
    });
    expect(rejected.status, rejected.text).toBe(200);
    expect((await profile(row.id)).description).toBe('Old description of the business.');
  });
});
