import { desc, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { leads, pricingRules } from '../../server/db/schema';
import { adminClient, contractorClient } from '../support/admin-session';
import { createContractor } from '../support/factories';
import type { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
let admin: TestClient;
let contractorId: number;
beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT: 'false' });
  admin = await adminClient(app);
  contractorId = (await createContractor(app.ctx.db)).id;
});
afterAll(() => app?.close());

// Each test starts from the seed: the one global 25.00 rule.
let seededId: number;
beforeEach(async () => {
  const [seeded] = await app.ctx.db.select().from(pricingRules).orderBy(pricingRules.id).limit(1);
  seededId = seeded!.id;
  await app.ctx.db.delete(pricingRules).where(ne(pricingRules.id, seededId));
});

const rule = (over: Record<string, unknown> = {}) => ({ ruleType: 'global', ruleValue: null, leadPrice: '25.00', priority: 0, isActive: true, ...over });
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
    expect(await ids()).toEqual([top.id, contractor.id, service.id, location.id, newerGlobal.id, olderGlobal.id, seededId]);

    // Editing a rule makes it the most recently updated of its rank.
    expect((await admin.patch(`/api/pricing-rules/${olderGlobal.id}`, { isActive: true })).status).toBe(200);
    expect(await ids()).toEqual([top.id, contractor.id, service.id, location.id, olderGlobal.id, newerGlobal.id, seededId]);
  });

  it('shows money as a decimal string', async () => {
    const [seeded] = (await admin.get('/api/pricing-rules')).body;
    expect(seeded).toEqual({ id: seededId, regionId: null, ruleType: 'global', ruleValue: null, leadPrice: '25.00', priority: 0, isActive: true, updatedAt: expect.any(String) });
  });
});

describe('POST /api/pricing-rules', () => {
  it('creates a rule of each type, storing canonical values', async () => {
    expect(await create({ leadPrice: 30, priority: 2, ruleValue: 'ignored' })).toMatchObject({ ruleType: 'global', ruleValue: null, leadPrice: '30.00', priority: 2, isActive: true });
    expect(await create({ ruleType: 'service', ruleValue: 'kitchen-bath', leadPrice: '42.5' })).toMatchObject({ ruleValue: 'kitchen-bath', leadPrice: '42.50' });
    expect(await create({ ruleType: 'service', ruleValue: 'Kitchen & Bath Remodeling' })).toMatchObject({ ruleValue: 'kitchen-bath' });
    expect(await create({ ruleType: 'service', ruleValue: 'Bathroom Remodeling' })).toMatchObject({ ruleValue: 'kitchen-bath' });
    expect(await create({ ruleType: 'location', ruleValue: 'Laporte Borough' })).toMatchObject({ ruleType: 'location', ruleValue: 'laporte' });
    expect(await create({ ruleType: 'location', ruleValue: 'dushore' })).toMatchObject({ ruleValue: 'dushore' });
    expect(await create({ ruleType: 'contractor', ruleValue: String(contractorId), isActive: false })).toMatchObject({ ruleType: 'contractor', ruleValue: String(contractorId), isActive: false });
    const [stored] = await app.ctx.db.select().from(pricingRules).orderBy(desc(pricingRules.id)).limit(1);
    expect(stored).toMatchObject({ ruleType: 'contractor', ruleValue: String(contractorId), leadPriceCents: 2500, isActive: false });
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
    expect((await admin.post('/api/pricing-rules', rule({ priority: -1 }))).body.errors).toEqual({ priority: 'Priority must be 0 or more' });
    expect((await admin.post('/api/pricing-rules', rule({ priority: 1.5 }))).body.errors).toEqual({ priority: 'Priority must be a whole number' });
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

  it('refuses an unknown rule type', async () => {
    expect((await admin.post('/api/pricing-rules', rule({ ruleType: 'zip' }))).body.errors.ruleType).toBe('Rule type must be global, service, location or contractor');
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
    const res = await admin.patch(`/api/pricing-rules/${created.id}`, { ruleType: 'location', ruleValue: 'Eagles Mere Borough', leadPrice: '19.99', priority: 7, isActive: false });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: created.id, regionId: null, ruleType: 'location', ruleValue: 'eagles-mere', leadPrice: '19.99', priority: 7, isActive: false, updatedAt: expect.any(String) });

    const toGlobal = await admin.patch(`/api/pricing-rules/${created.id}`, rule({ ruleValue: 'eagles-mere' }));
    expect(toGlobal.body).toMatchObject({ ruleType: 'global', ruleValue: null });

    const bad = await admin.patch(`/api/pricing-rules/${created.id}`, rule({ leadPrice: '0' }));
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ leadPrice: 'Please enter a valid price' });
    const badValue = await admin.patch(`/api/pricing-rules/${created.id}`, rule({ ruleType: 'location', ruleValue: 'Atlantis' }));
    expect(badValue.body.errors).toEqual({ ruleValue: 'Choose a town from the list' });
    expect((await admin.patch(`/api/pricing-rules/${created.id}`, { isActive: 'yes' })).body.errors).toEqual({ isActive: 'isActive must be true or false' });
    expect((await app.ctx.db.select().from(pricingRules).where(eq(pricingRules.id, created.id)))[0]).toMatchObject({ ruleType: 'global', leadPriceCents: 2500 });
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
    await admin.patch(`/api/pricing-rules/${flooring.id}`, rule({ ruleType: 'service', ruleValue: 'flooring', leadPrice: '70.00', priority: 3 }));
    expect(await priceOfNewLead('Flooring Installation')).toBe(7000);
    await admin.patch(`/api/pricing-rules/${flooring.id}`, { isActive: false });
    expect(await priceOfNewLead('Flooring Installation')).toBe(6000);
  });
});
