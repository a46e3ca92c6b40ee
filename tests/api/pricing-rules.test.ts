import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { leadDeliveries, leads, pricingRules, regions, towns } from '../../server/db/schema';
import { addCounty } from '../../server/counties/counties';
import { adminClient, contractorClient, countyAdminClient } from '../support/admin-session';
import { createContractor } from '../support/factories';
import { requestOnHost } from '../support/host-request';
import type { TestClient } from '../support/http-client';
import { freshDatabase, migrationsBefore, type MigrationSubject } from '../support/migration-db';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
let admin: TestClient;
let contractorId: number;
let sullivan: number;
/** A town of the default county, as the API shows it on a location rule. */
let laporte: { id: number; slug: string; label: string };
let eaglesMere: { id: number; slug: string; label: string };
const townOf = async (regionId: number, slug: string) =>
  (
    await app.ctx.db
      .select({ id: towns.id, slug: towns.slug, label: towns.label })
      .from(towns)
      .where(and(eq(towns.regionId, regionId), eq(towns.slug, slug)))
  )[0]!;
beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT: 'false' });
  admin = await adminClient(app);
  contractorId = (await createContractor(app.ctx.db)).id;
  sullivan = (await app.ctx.db.select({ id: regions.id }).from(regions).where(eq(regions.slug, 'sullivan')))[0]!.id;
  laporte = await townOf(sullivan, 'laporte');
  eaglesMere = await townOf(sullivan, 'eagles-mere');
});
afterAll(() => app?.close());

// Each test starts from the seed: the one global 25.00 rule.
let seededId: number;
beforeEach(async () => {
  const [seeded] = await app.ctx.db.select().from(pricingRules).orderBy(pricingRules.id).limit(1);
  seededId = seeded!.id;
  await app.ctx.db.delete(pricingRules).where(ne(pricingRules.id, seededId));
});

const rule = (over: Record<string, unknown> = {}) => ({
  ruleType: 'global',
  ruleValue: null,
  leadPrice: '25.00',
  priority: 0,
  isActive: true,
  ...over,
});
const create = async (over: Record<string, unknown> = {}) => {
  const res = await admin.post('/api/pricing-rules', rule(over));
  expect(res.status).toBe(201);
  return res.body;
};

describe('pricing rules: access', () => {
  it('is for administrators only', async () => {
    const anonymous = app.client();
    expect((await anonymous.get('/api/pricing-rules')).status).toBe(401);
    expect((await anonymous.post('/api/pricing-rules', rule())).status).toBe(401);
    expect((await anonymous.patch(`/api/pricing-rules/${seededId}`, { isActive: false })).status).toBe(401);
    const contractor = await contractorClient(app, contractorId);
    expect((await contractor.get('/api/pricing-rules')).status).toBe(403);
    expect((await contractor.post('/api/pricing-rules', rule())).status).toBe(403);
    expect((await contractor.patch(`/api/pricing-rules/${seededId}`, { isActive: false })).status).toBe(403);
    expect((await app.ctx.db.select().from(pricingRules)).length).toBe(1);
  });
});

describe('GET /api/pricing-rules', () => {
  it('lists by priority, then specificity, then most recently updated', async () => {
    const olderGlobal = await create({ priority: 5, leadPrice: '10' });
    const newerGlobal = await create({ priority: 5, leadPrice: '11' });
    const location = await create({ ruleType: 'location', ruleValue: 'laporte', priority: 5 });
    const service = await create({ ruleType: 'service', ruleValue: 'roofing', priority: 5 });
    const top = await create({ priority: 9, isActive: false });
    const contractor = await create({ ruleType: 'contractor', ruleValue: String(contractorId), priority: 5 });

    const ids = async () => (await admin.get('/api/pricing-rules')).body.map((r: { id: number }) => r.id);
    expect(await ids()).toEqual([
      top.id,
      contractor.id,
      service.id,
      location.id,
      newerGlobal.id,
      olderGlobal.id,
      seededId,
    ]);

    // Editing a rule makes it the most recently updated of its rank.
    expect((await admin.patch(`/api/pricing-rules/${olderGlobal.id}`, { isActive: true })).status).toBe(200);
    expect(await ids()).toEqual([
      top.id,
      contractor.id,
      service.id,
      location.id,
      olderGlobal.id,
      newerGlobal.id,
      seededId,
    ]);
  });

  it('shows money as a decimal string', async () => {
    const [seeded] = (await admin.get('/api/pricing-rules')).body;
    expect(seeded).toEqual({
      id: seededId,
      regionId: null,
      ruleType: 'global',
      ruleValue: null,
      town: null,
      leadPrice: '25.00',
      priority: 0,
      isActive: true,
      updatedAt: expect.any(String),
    });
  });
});

describe('POST /api/pricing-rules', () => {
  it('creates a rule of each type, storing canonical values', async () => {
    expect(await create({ leadPrice: 30, priority: 2, ruleValue: 'ignored' })).toMatchObject({
      ruleType: 'global',
      ruleValue: null,
      leadPrice: '30.00',
      priority: 2,
      isActive: true,
    });
    expect(await create({ ruleType: 'service', ruleValue: 'kitchen-bath', leadPrice: '42.5' })).toMatchObject({
      ruleValue: 'kitchen-bath',
      leadPrice: '42.50',
    });
    expect(await create({ ruleType: 'service', ruleValue: 'Kitchen & Bath Remodeling' })).toMatchObject({
      ruleValue: 'kitchen-bath',
    });
    expect(await create({ ruleType: 'service', ruleValue: 'Bathroom Remodeling' })).toMatchObject({
      ruleValue: 'kitchen-bath',
    });
    // A town named in words is one of the site's county's (here the default county's); the rule is that county's.
    expect(await create({ ruleType: 'location', ruleValue: 'Laporte Borough' })).toMatchObject({
      ruleType: 'location',
      ruleValue: 'laporte',
      town: laporte,
      regionId: sullivan,
    });
    expect(await create({ ruleType: 'location', ruleValue: 'dushore' })).toMatchObject({
      ruleValue: 'dushore',
      regionId: sullivan,
    });
    // By id, as the form sends it.
    expect(await create({ ruleType: 'location', townId: eaglesMere.id })).toMatchObject({
      ruleValue: 'eagles-mere',
      town: eaglesMere,
      regionId: sullivan,
    });
    const [location] = await app.ctx.db.select().from(pricingRules).where(eq(pricingRules.townId, eaglesMere.id));
    expect(location).toMatchObject({
      ruleType: 'location',
      ruleValue: null,
      townId: eaglesMere.id,
      regionId: sullivan,
    });
    expect(await create({ ruleType: 'contractor', ruleValue: String(contractorId), isActive: false })).toMatchObject({
      ruleType: 'contractor',
      ruleValue: String(contractorId),
      isActive: false,
    });
    const [stored] = await app.ctx.db.select().from(pricingRules).orderBy(desc(pricingRules.id)).limit(1);
    expect(stored).toMatchObject({
      ruleType: 'contractor',
      ruleValue: String(contractorId),
      leadPriceCents: 2500,
      isActive: false,
    });
  });

  it('defaults priority to 0 and isActive to true', async () => {
    expect(await create({ priority: undefined, isActive: undefined })).toMatchObject({ priority: 0, isActive: true });
  });

  it.each([0, -1, 'abc', '1.234', '', null])('refuses the price %j', async (leadPrice) => {
    const res = await admin.post('/api/pricing-rules', rule({ leadPrice }));
    expect(res.status).toBe(400);
    expect(res.body.errors.leadPrice).toBe('Please enter a valid price');
  });

  it('refuses a negative or fractional priority', async () => {
    expect((await admin.post('/api/pricing-rules', rule({ priority: -1 }))).body.errors).toEqual({
      priority: 'Priority must be 0 or more',
    });
    expect((await admin.post('/api/pricing-rules', rule({ priority: 1.5 }))).body.errors).toEqual({
      priority: 'Priority must be a whole number',
    });
  });

  it.each([
    ['service', 'Underwater Welding', 'Choose a service from the list'],
    ['service', 'Roofing & Siding', 'Choose a single service'],
    ['service', 'Other', 'Choose a service from the list'],
    ['service', null, 'Choose what this rule applies to'],
    ['location', 'Atlantis', 'Choose a town from the list'],
    ['location', 'All of Sullivan County', 'Choose a town from the list'],
    ['contractor', '999999', 'Choose an existing contractor'],
    ['contractor', 'abc', 'Choose an existing contractor'],
    ['contractor', '99999999999', 'Choose an existing contractor'],
  ])('refuses a %s rule for %j', async (ruleType, ruleValue, message) => {
    const res = await admin.post('/api/pricing-rules', rule({ ruleType, ruleValue }));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ ruleValue: message });
    expect((await app.ctx.db.select().from(pricingRules)).length).toBe(1);
  });

  it('refuses a location rule without a town, with an unknown town, or as a platform default', async () => {
    const refused = async (over: Record<string, unknown>) => {
      const res = await admin.post('/api/pricing-rules', rule({ ruleType: 'location', ...over }));
      expect(res.status, res.text).toBe(400);
      return res.body.errors;
    };
    expect(await refused({})).toEqual({ townId: 'Choose what this rule applies to' });
    expect(await refused({ townId: 999_999 })).toEqual({ townId: 'Choose a town from the list' });
    expect(await refused({ townId: 'laporte' })).toEqual({ townId: 'Choose a town from the list' });
    expect(await refused({ townId: 1.5 })).toEqual({ townId: 'Choose a town from the list' });
    expect(await refused({ townId: laporte.id, regionId: null })).toEqual({
      regionId: "A town's rule is for the town's county",
    });
    expect((await app.ctx.db.select().from(pricingRules)).length).toBe(1);
  });

  it('refuses an unknown rule type', async () => {
    expect((await admin.post('/api/pricing-rules', rule({ ruleType: 'zip' }))).body.errors.ruleType).toBe(
      'Rule type must be global, service, location or contractor',
    );
  });
});

describe('PATCH /api/pricing-rules/:id', () => {
  it('switches a rule off and on with isActive alone', async () => {
    const created = await create({ ruleType: 'service', ruleValue: 'roofing', leadPrice: '33', priority: 4 });
    const res = await admin.patch(`/api/pricing-rules/${created.id}`, { isActive: false });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...created, isActive: false, updatedAt: expect.any(String) });
    expect((await admin.patch(`/api/pricing-rules/${created.id}`, { isActive: true })).body.isActive).toBe(true);
  });

  it('replaces every field, validated as on create', async () => {
    const created = await create({ ruleType: 'service', ruleValue: 'roofing', leadPrice: '33', priority: 4 });
    const res = await admin.patch(`/api/pricing-rules/${created.id}`, {
      ruleType: 'location',
      ruleValue: 'Eagles Mere Borough',
      leadPrice: '19.99',
      priority: 7,
      isActive: false,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: created.id,
      regionId: sullivan,
      ruleType: 'location',
      ruleValue: 'eagles-mere',
      town: eaglesMere,
      leadPrice: '19.99',
      priority: 7,
      isActive: false,
      updatedAt: expect.any(String),
    });

    // Another type names no town; the rule keeps its county.
    const toGlobal = await admin.patch(
      `/api/pricing-rules/${created.id}`,
      rule({ ruleValue: 'eagles-mere', townId: eaglesMere.id }),
    );
    expect(toGlobal.body).toMatchObject({ ruleType: 'global', ruleValue: null, town: null, regionId: sullivan });

    const bad = await admin.patch(`/api/pricing-rules/${created.id}`, rule({ leadPrice: '0' }));
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ leadPrice: 'Please enter a valid price' });
    const badValue = await admin.patch(
      `/api/pricing-rules/${created.id}`,
      rule({ ruleType: 'location', ruleValue: 'Atlantis' }),
    );
    expect(badValue.body.errors).toEqual({ ruleValue: 'Choose a town from the list' });
    expect((await admin.patch(`/api/pricing-rules/${created.id}`, { isActive: 'yes' })).body.errors).toEqual({
      isActive: 'isActive must be true or false',
    });
    expect((await app.ctx.db.select().from(pricingRules).where(eq(pricingRules.id, created.id)))[0]).toMatchObject({
      ruleType: 'global',
      leadPriceCents: 2500,
    });
  });

  it('answers 404 for an unknown rule and 400 for a bad id', async () => {
    const res = await admin.patch('/api/pricing-rules/999999', { isActive: false });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Pricing rule not found');
    expect((await admin.patch('/api/pricing-rules/abc', { isActive: false })).status).toBe(400);
  });
});

describe('rules price new leads', () => {
  const quote = (serviceNeeded: string) => ({
    name: 'Dana Homeowner',
    email: 'dana@example.com',
    phone: '(570) 555-0199',
    serviceNeeded,
    location: 'Forksville, PA',
    projectDetails: 'A project that needs a contractor soon.',
    contractorId,
  });
  const priceOfNewLead = async (serviceNeeded: string) => {
    const res = await app.client().post('/api/leads', quote(serviceNeeded));
    expect(res.status).toBe(201);
    return (await app.ctx.db.select().from(leads).where(eq(leads.id, res.body.id)))[0]!.leadPriceCents;
  };

  it('prices a new lead by a rule created through the API, and stops when it is switched off', async () => {
    expect(await priceOfNewLead('Flooring Installation')).toBe(2500);
    const flooring = await create({ ruleType: 'service', ruleValue: 'Flooring', leadPrice: '55.00', priority: 1 });
    expect(await priceOfNewLead('Flooring Installation')).toBe(5500);
    expect(await priceOfNewLead('Kitchen Remodeling')).toBe(2500);
    await create({ ruleType: 'location', ruleValue: 'Forksville Borough', leadPrice: '60.00', priority: 2 });
    expect(await priceOfNewLead('Flooring Installation')).toBe(6000);
    await admin.patch(
      `/api/pricing-rules/${flooring.id}`,
      rule({ ruleType: 'service', ruleValue: 'flooring', leadPrice: '70.00', priority: 3 }),
    );
    expect(await priceOfNewLead('Flooring Installation')).toBe(7000);
    await admin.patch(`/api/pricing-rules/${flooring.id}`, { isActive: false });
    expect(await priceOfNewLead('Flooring Installation')).toBe(6000);
  });
});

/**
 * Per county (docs/decisions/0107-pricing-per-county.md): a location rule names a town by id and is
 * its town's county's; township and borough names recur across counties, so Wyoming gets a Laporte
 * of its own here, and each county's Laporte is priced by its own rules only.
 */
describe('location rules in a deployment of several counties', () => {
  let wyoming: number;
  let tunkhannock: { id: number; slug: string; label: string };
  let wyomingLaporte: { id: number; slug: string; label: string };
  let wyomingContractor: number;
  let wyomingAdmin: TestClient;
  let sullivanAdmin: TestClient;

  beforeAll(async () => {
    await addCounty(app.ctx, 'wyoming');
    wyoming = (await app.ctx.db.select({ id: regions.id }).from(regions).where(eq(regions.slug, 'wyoming')))[0]!.id;
    // Before anything reads Wyoming's towns: a place of the same name as Sullivan's Laporte.
    await app.ctx.db.insert(towns).values({
      regionId: wyoming,
      slug: 'laporte',
      name: 'Laporte',
      label: 'Laporte Village',
      kind: 'other',
      aliases: ['laporte'],
      sortOrder: 99,
    });
    tunkhannock = await townOf(wyoming, 'tunkhannock');
    wyomingLaporte = await townOf(wyoming, 'laporte');
    wyomingContractor = (await createContractor(app.ctx.db, { county: 'wyoming', homeTown: 'tunkhannock' })).id;
    wyomingAdmin = (await countyAdminClient(app, [wyoming])).client;
    sullivanAdmin = (await countyAdminClient(app, [sullivan])).client;
  });

  const quote = (location: string, contractor: number) => ({
    name: 'Robin Homeowner',
    email: 'robin@example.com',
    phone: '(570) 555-0177',
    serviceNeeded: 'Roofing & Siding',
    location,
    projectDetails: 'A new roof before the winter.',
    contractorId: contractor,
  });
  /** A lead sent on a county's site, and what it was priced. */
  const leadOn = async (host: string, location: string, contractor: number) => {
    const res = await requestOnHost(app.url, host, 'POST', '/api/leads', { body: quote(location, contractor) });
    expect(res.status, res.text).toBe(201);
    const [lead] = await app.ctx.db.select().from(leads).where(eq(leads.id, res.json().id));
    return lead!;
  };

  it("prices a county's leads by its towns' rules only, not a same-named town of another county, at creation and at delivery", async () => {
    const byWyoming = await wyomingAdmin.post(
      '/api/pricing-rules',
      rule({ ruleType: 'location', townId: tunkhannock.id, leadPrice: '52.00', priority: 5 }),
    );
    expect(byWyoming.status, byWyoming.text).toBe(201);
    expect(byWyoming.body).toMatchObject({ regionId: wyoming, ruleValue: 'tunkhannock', town: tunkhannock });
    // The Wyoming administrator names its Laporte in words: read among Wyoming's towns.
    const wyomingLaporteRule = await wyomingAdmin.post(
      '/api/pricing-rules',
      rule({ ruleType: 'location', ruleValue: 'Laporte', leadPrice: '61.00', priority: 5 }),
    );
    expect(wyomingLaporteRule.body).toMatchObject({ regionId: wyoming, town: wyomingLaporte });
    const bySullivan = await sullivanAdmin.post(
      '/api/pricing-rules',
      rule({ ruleType: 'location', townId: laporte.id, leadPrice: '33.00', priority: 5 }),
    );
    expect(bySullivan.body).toMatchObject({ regionId: sullivan, town: laporte });

    const inTunkhannock = await leadOn('wyoming.localhost', 'Tunkhannock, PA', wyomingContractor);
    expect(inTunkhannock).toMatchObject({ regionId: wyoming, townId: tunkhannock.id, leadPriceCents: 5200 });
    expect(await leadOn('wyoming.localhost', 'Laporte, PA', wyomingContractor)).toMatchObject({
      townId: wyomingLaporte.id,
      leadPriceCents: 6100,
    });
    expect(await leadOn('localhost', 'Laporte, PA', contractorId)).toMatchObject({
      regionId: sullivan,
      townId: laporte.id,
      leadPriceCents: 3300,
    });
    expect(await leadOn('localhost', 'Dushore, PA', contractorId)).toMatchObject({ leadPriceCents: 2500 });

    // Delivery prices the lead again, by its own town.
    const delivered = await admin.post('/api/lead-deliveries', {
      leadId: inTunkhannock.id,
      contractorId: wyomingContractor,
    });
    expect(delivered.status, delivered.text).toBe(201);
    expect(
      (await app.ctx.db.select().from(leadDeliveries).where(eq(leadDeliveries.id, delivered.body.id)))[0]!.priceCents,
    ).toBe(5200);
  });

  it("lets a county administrator name only its own counties' towns", async () => {
    const other = await sullivanAdmin.post(
      '/api/pricing-rules',
      rule({ ruleType: 'location', townId: tunkhannock.id }),
    );
    expect(other.status, other.text).toBe(403);
    expect(other.body.message).toBe('You can only write rules for your counties');
    // Its own county named with another's town, or a town not of the county named.
    expect(
      (
        await sullivanAdmin.post(
          '/api/pricing-rules',
          rule({ ruleType: 'location', townId: tunkhannock.id, regionId: sullivan }),
        )
      ).status,
    ).toBe(403);
    const mismatch = await admin.post(
      '/api/pricing-rules',
      rule({ ruleType: 'location', townId: tunkhannock.id, regionId: sullivan }),
    );
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors).toEqual({ townId: 'Choose a town of the chosen county' });
    // Tunkhannock is no town of Sullivan's: named in words, it is not found there.
    expect(
      (await sullivanAdmin.post('/api/pricing-rules', rule({ ruleType: 'location', ruleValue: 'Tunkhannock' }))).body
        .errors,
    ).toEqual({ ruleValue: 'Choose a town from the list' });
    // Moving its own rule onto another county's town is refused as well.
    const own = await sullivanAdmin.post('/api/pricing-rules', rule({ ruleType: 'location', townId: laporte.id }));
    expect(own.status).toBe(201);
    expect(
      (
        await sullivanAdmin.patch(
          `/api/pricing-rules/${own.body.id}`,
          rule({ ruleType: 'location', townId: tunkhannock.id }),
        )
      ).status,
    ).toBe(403);
    expect((await app.ctx.db.select().from(pricingRules).where(eq(pricingRules.id, own.body.id)))[0]!.townId).toBe(
      laporte.id,
    );
    expect(await app.ctx.db.select().from(pricingRules).where(eq(pricingRules.townId, tunkhannock.id))).toEqual([]);
  });

  it("gives an administrator its own counties' towns by id, and no other county's", async () => {
    const own = await wyomingAdmin.get(`/api/admin/counties/${wyoming}`);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ id: wyoming, slug: 'wyoming', name: 'Wyoming County' });
    expect(own.body.towns).toContainEqual(tunkhannock);
    expect(own.body.towns).toContainEqual(wyomingLaporte);
    expect(own.body.services.length).toBeGreaterThan(0);
    expect((await wyomingAdmin.get(`/api/admin/counties/${sullivan}`)).status).toBe(404);
    expect((await admin.get(`/api/admin/counties/${sullivan}`)).body.towns).toContainEqual(laporte);
    expect((await admin.get('/api/admin/counties/999999')).status).toBe(404);
    expect((await admin.get('/api/admin/counties/abc')).status).toBe(400);
  });

  it('keeps a location rule to a town of its county in the database too', async () => {
    const insert = (values: Record<string, unknown>) =>
      app.ctx.db
        .insert(pricingRules)
        .values({ ruleType: 'location', leadPriceCents: 100, ...values })
        .then(
          () => 'stored',
          () => 'refused',
        );
    expect(await insert({ townId: tunkhannock.id, regionId: sullivan })).toBe('refused');
    expect(await insert({ townId: tunkhannock.id, regionId: null })).toBe('refused');
    expect(await insert({ ruleValue: 'laporte', regionId: sullivan })).toBe('refused');
    expect(await insert({ ruleType: 'global', townId: laporte.id, regionId: sullivan })).toBe('refused');
    expect(await insert({ townId: tunkhannock.id, regionId: wyoming })).toBe('stored');
  });
});

describe('migration 0023: location rules name their towns', () => {
  let subject: MigrationSubject;
  let cleanup = () => {};
  beforeAll(async () => {
    subject = await freshDatabase();
    const before = migrationsBefore('0023_location_rule_towns');
    cleanup = before.cleanup;
    await subject.migrateTo(before.folder);
    const { db } = subject.database;
    // Two counties (the default one is the migrations' own), each with a Laporte; rules of the old shape, by slug.
    await db.execute(
      sql`insert into regions (slug, name, state, site_title, short_title, tagline, support_email, time_zone, template) values ('wyoming', 'Wyoming County', 'PA', 'w', 'w', 'w', 'w@example.com', 'America/New_York', 'pa')`,
    );
    await db.execute(
      sql`insert into towns (region_id, slug, name, label, kind) select id, 'laporte', 'Laporte', 'Laporte', 'borough' from regions`,
    );
    await db.execute(
      sql`insert into towns (region_id, slug, name, label, kind) select id, 'tunkhannock', 'Tunkhannock', 'Tunkhannock', 'borough' from regions where slug = 'wyoming'`,
    );
    await db.execute(sql`insert into pricing_rules (rule_type, rule_value, region_id, lead_price_cents) values
      ('location', 'laporte', null, 1100),
      ('location', 'tunkhannock', (select id from regions where slug = 'wyoming'), 1200),
      ('location', 'laporte', (select id from regions where slug = 'wyoming'), 1300),
      ('location', 'atlantis', null, 1400),
      ('service', 'roofing', null, 1500),
      ('global', null, null, 1600)`);
    await subject.database.migrate();
  });
  afterAll(async () => {
    await subject?.drop();
    cleanup();
  });

  it("points each slug at the town of the rule's county (the default county's without one), drops a rule naming none, and leaves the others", async () => {
    const { db } = subject.database;
    const rows = await db
      .select({
        price: pricingRules.leadPriceCents,
        ruleValue: pricingRules.ruleValue,
        county: regions.slug,
        town: towns.slug,
        townCounty: sql<string>`(select slug from regions r where r.id = ${towns.regionId})`,
      })
      .from(pricingRules)
      .leftJoin(regions, eq(regions.id, pricingRules.regionId))
      .leftJoin(towns, eq(towns.id, pricingRules.townId))
      .orderBy(pricingRules.leadPriceCents);
    expect(rows).toEqual([
      { price: 1100, ruleValue: null, county: 'sullivan', town: 'laporte', townCounty: 'sullivan' },
      { price: 1200, ruleValue: null, county: 'wyoming', town: 'tunkhannock', townCounty: 'wyoming' },
      { price: 1300, ruleValue: null, county: 'wyoming', town: 'laporte', townCounty: 'wyoming' },
      { price: 1500, ruleValue: 'roofing', county: null, town: null, townCounty: null },
      { price: 1600, ruleValue: null, county: null, town: null, townCounty: null },
    ]);
  });
});
