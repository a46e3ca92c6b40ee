import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centsToDecimal, decimalToCents } from '@shared/money';
import { contractorBilling, leadDeliveries, leads, pricingRules } from '../../server/db/schema';
import { adminClient, contractorClient } from '../support/admin-session';
import { createContractor } from '../support/factories';
import type { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
let admin: TestClient;
let requested: { id: number; name: string };
let recipient: { id: number; name: string };
const leadIds: number[] = [];
let deliveredId: number;
let cancelledId: number;

async function newLead(over: Record<string, unknown> = {}): Promise<number> {
  const res = await app.client().post('/api/leads', {
    name: 'Dana Homeowner',
    email: 'dana@example.com',
    phone: '(570) 555-0199',
    serviceNeeded: 'Kitchen Remodeling',
    location: 'Dushore, PA',
    projectDetails: 'Replace cabinets and counters in a 1970s kitchen.',
    contractorId: requested.id,
    ...over,
  });
  expect(res.status).toBe(201);
  return res.body.id;
}

beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT: 'false' });
  // These tests count leads from none: the seed's sample leads (behind the sample reviews) go.
  await app.ctx.db.delete(leads);
  admin = await adminClient(app);
  requested = await createContractor(app.ctx.db);
  recipient = await createContractor(app.ctx.db);
  // Priced 30.00 for the requested contractor and 45.00 for the one the lead goes to, so the list shows both prices.
  await app.ctx.db.insert(pricingRules).values([
    { ruleType: 'contractor', ruleValue: String(requested.id), leadPriceCents: 3000, priority: 1 },
    { ruleType: 'contractor', ruleValue: String(recipient.id), leadPriceCents: 4500, priority: 1 },
  ]);
  for (let i = 0; i < 6; i++) leadIds.push(await newLead({ name: `Customer ${i}` }));
  deliveredId = leadIds[1]!;
  expect((await admin.post('/api/lead-deliveries', { leadId: deliveredId, contractorId: recipient.id })).status).toBe(
    201,
  );
  // A cancelled delivery is history, not the lead's delivery.
  cancelledId = leadIds[2]!;
  await app.ctx.db.insert(leadDeliveries).values({
    leadId: cancelledId,
    contractorId: recipient.id,
    priceCents: 4500,
    paymentState: 'cancelled',
    cancelledAt: new Date(),
  });
  await app.ctx.db.update(leads).set({ status: 'won' }).where(eq(leads.id, leadIds[3]!));
});
afterAll(() => app?.close());

describe('GET /api/leads (admin)', () => {
  it('is for administrators only; the public POST beside it still works', async () => {
    expect((await app.client().get('/api/leads')).status).toBe(401);
    const contractor = await contractorClient(app, (await createContractor(app.ctx.db)).id);
    expect((await contractor.get('/api/leads')).status).toBe(403);
    expect((await contractor.get('/api/admin/stats')).status).toBe(403);
  });

  it('lists leads newest first, with the requested contractor and the live delivery', async () => {
    const res = await admin.get('/api/leads?pageSize=100');
    expect(res.status).toBe(200);
    expect(res.body.leads.map((l: { id: number }) => l.id)).toEqual([...leadIds].reverse());
    const delivered = res.body.leads.find((l: { id: number }) => l.id === deliveredId);
    expect(delivered).toEqual({
      id: deliveredId,
      name: 'Customer 1',
      email: 'dana@example.com',
      phone: '(570) 555-0199',
      serviceNeeded: 'Kitchen Remodeling',
      location: 'Dushore, PA',
      projectDetails: 'Replace cabinets and counters in a 1970s kitchen.',
      budgetRange: null,
      leadPrice: '30.00',
      status: 'delivered',
      createdAt: expect.any(String),
      requestedContractor: { id: requested.id, name: requested.name },
      delivery: {
        id: expect.any(Number),
        contractorId: recipient.id,
        contractorName: recipient.name,
        price: '45.00',
        paymentState: 'credited',
        deliveredBy: expect.stringMatching(/^admin-/),
      },
      withdrawnAt: null,
      erasedAt: null,
      // How it went (docs/decisions/0117-lead-routing.md): an administrator delivered it.
      routing: 'delivered',
      routingReason: null,
      howItWent: expect.stringMatching(/^Delivered by admin-/),
    });
    expect(res.body.leads.find((l: { id: number }) => l.id === cancelledId).delivery).toBeNull();
    expect(res.body.leads.find((l: { id: number }) => l.id === leadIds[0]).delivery).toBeNull();
  });

  it('orders by creation time, not by id', async () => {
    const oldest = leadIds[5]!;
    await app.ctx.db
      .update(leads)
      .set({ createdAt: new Date('2020-01-01T00:00:00Z') })
      .where(eq(leads.id, oldest));
    try {
      const ids = (await admin.get('/api/leads?pageSize=100')).body.leads.map((l: { id: number }) => l.id);
      expect(ids.at(-1)).toBe(oldest);
      expect(ids[0]).toBe(leadIds[4]);
    } finally {
      await app.ctx.db
        .update(leads)
        .set({ createdAt: sql`now()` })
        .where(eq(leads.id, oldest));
    }
  });

  it('counts every lead by status, whatever the filter', async () => {
    const expected = { total: 6, new: 4, delivered: 1, contacted: 0, won: 1, lost: 0 };
    expect((await admin.get('/api/leads')).body.counts).toEqual(expected);
    const filtered = await admin.get('/api/leads?status=new');
    expect(filtered.body.counts).toEqual(expected);
    expect(filtered.body.total).toBe(4);
    expect(filtered.body.leads.map((l: { status: string }) => l.status)).toEqual(['new', 'new', 'new', 'new']);
    const won = await admin.get('/api/leads?status=won');
    expect(won.body.leads.map((l: { id: number }) => l.id)).toEqual([leadIds[3]]);
    expect(won.body.total).toBe(1);
  });

  it('pages the list', async () => {
    const all = (await admin.get('/api/leads?pageSize=100')).body.leads.map((l: { id: number }) => l.id);
    const page1 = await admin.get('/api/leads?page=1&pageSize=4');
    const page2 = await admin.get('/api/leads?page=2&pageSize=4');
    expect(page1.body).toMatchObject({ page: 1, pageSize: 4, total: 6 });
    expect(page1.body.leads.map((l: { id: number }) => l.id)).toEqual(all.slice(0, 4));
    expect(page2.body.leads.map((l: { id: number }) => l.id)).toEqual(all.slice(4));
    // Past the last page: no rows, still the counts (read on their own when no row carries them).
    const past = await admin.get('/api/leads?page=3&pageSize=4');
    expect(past.body.leads).toEqual([]);
    expect(past.body).toMatchObject({ total: 6, counts: { total: 6, new: 4, delivered: 1, won: 1 } });
  });

  it('answers 400 for a bad query', async () => {
    const res = await admin.get('/api/leads?status=paid&pageSize=500&page=0');
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      status: 'Unknown status',
      pageSize: 'pageSize must be at most 100',
      page: 'page must be at least 1',
    });
  });
});

describe('GET /api/admin/stats', () => {
  it('answers 401 signed out', async () => {
    expect((await app.client().get('/api/admin/stats')).status).toBe(401);
  });

  it('counts leads, new leads, the sum of lead prices and the active rules', async () => {
    const rows = await app.ctx.db.select().from(leads);
    const stats = (await admin.get('/api/admin/stats')).body;
    expect(stats).toEqual({
      totalLeads: 6,
      newLeads: 4,
      revenuePotential: centsToDecimal(rows.reduce((sum, l) => sum + l.leadPriceCents, 0)),
      activePricingRules: 3,
      // This month's deliveries: the one made in beforeAll, a moment after its request.
      medianMinutesToDelivery: expect.any(Number),
      // No contractor replied.
      medianMinutesToReply: null,
      contactedThisMonth: null,
    });
    expect(stats.revenuePotential).toBe('180.00');
  });

  it('leaves inactive rules out of the rule count', async () => {
    await app.ctx.db
      .insert(pricingRules)
      .values({ ruleType: 'global', leadPriceCents: 1000, priority: 3, isActive: false });
    expect((await admin.get('/api/admin/stats')).body.activePricingRules).toBe(3);
    await app.ctx.db
      .insert(pricingRules)
      .values({ ruleType: 'global', leadPriceCents: 1000, priority: 3, isActive: true });
    expect((await admin.get('/api/admin/stats')).body.activePricingRules).toBe(4);
  });

  it('counts a delivered lead at its lead price', async () => {
    await app.ctx.db
      .update(contractorBilling)
      .set({ monthlyLeadsUsed: 0 })
      .where(eq(contractorBilling.contractorId, recipient.id));
    const before = (await admin.get('/api/admin/stats')).body;
    const id = await newLead({ contractorId: recipient.id });
    expect((await admin.post('/api/lead-deliveries', { leadId: id, contractorId: recipient.id })).status).toBe(201);
    const after = (await admin.get('/api/admin/stats')).body;
    expect(after.totalLeads).toBe(before.totalLeads + 1);
    expect(after.newLeads).toBe(before.newLeads);
    // The active global rule at priority 3 prices it at 10.00.
    expect(after.revenuePotential).toBe(centsToDecimal(decimalToCents(before.revenuePotential)! + 1000));
  });
});
