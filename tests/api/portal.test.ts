import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalLead, PortalProfile, PortalSubscription } from '@shared/schemas/portal';
import { contractorBilling, leadDeliveries } from '../../server/db/schema';
import { adminClient, contractorClient } from '../support/admin-session';
import { createContractor } from '../support/factories';
import type { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
let admin: TestClient;
let a: { id: number; name: string; client: TestClient };
let b: { id: number; client: TestClient };

async function newLead(contractorId: number, email = `owner.${Date.now()}.${Math.random()}@example.com`) {
  const res = await app.client().post('/api/leads', {
    name: 'Pat Customer',
    email,
    phone: '(570) 555-0177',
    serviceNeeded: 'Roofing & Siding',
    location: 'Dushore, PA',
    projectDetails: 'Standing seam metal roof on a farmhouse.',
    budgetRange: '$10,000 - $25,000',
    contractorId,
  });
  expect(res.status, res.text).toBe(201);
  return res.body.id as number;
}

async function deliver(leadId: number, contractorId: number) {
  const res = await admin.post('/api/lead-deliveries', { leadId, contractorId });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: number; paymentState: string };
}

beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT: 'false' });
  admin = await adminClient(app);
  const [contractorA, contractorB] = [await createContractor(app.ctx.db), await createContractor(app.ctx.db)];
  a = { id: contractorA.id, name: contractorA.name, client: await contractorClient(app, contractorA.id) };
  b = { id: contractorB.id, client: await contractorClient(app, contractorB.id) };
});
afterAll(() => app?.close());

describe('contractor portal API', () => {
  it('answers 401 without a session and 403 to an administrator', async () => {
    for (const path of ['/api/contractor/profile', '/api/contractor/leads', '/api/contractor/subscription']) {
      expect((await app.client().get(path)).status, path).toBe(401);
      expect((await admin.get(path)).status, path).toBe(403);
    }
    expect((await app.client().patch('/api/contractor/leads/1/status', { status: 'won' })).status).toBe(401);
  });

  it('shows the contractor its own profile and plan', async () => {
    const res = await a.client.get<PortalProfile>('/api/contractor/profile');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: a.id,
      name: a.name,
      subscriptionPlan: 'free',
      subscriptionStatus: 'none',
      monthlyLeadsUsed: 0,
    });
    expect(res.body.credits).toEqual({ total: 2, used: 0, left: 2, low: false });
    const sub = await a.client.get<PortalSubscription>('/api/contractor/subscription');
    expect(sub.body).toMatchObject({ plan: 'free', planName: 'Free', status: 'none', featured: false });
  });

  it('reveals the customer only for credited or paid deliveries, and never to another contractor', async () => {
    const first = await newLead(a.id);
    const second = await newLead(a.id);
    const third = await newLead(a.id);
    expect((await deliver(first, a.id)).paymentState).toBe('credited');
    expect((await deliver(second, a.id)).paymentState).toBe('credited');
    expect((await deliver(third, a.id)).paymentState).toBe('awaiting_payment');

    const leads = (await a.client.get<PortalLead[]>('/api/contractor/leads')).body;
    // Newest first, before the seed's older sample leads (those behind its sample reviews).
    expect(leads.map((l) => l.leadId).slice(0, 3)).toEqual([third, second, first]);
    const awaiting = leads.find((l) => l.leadId === third)!;
    expect(awaiting).toMatchObject({
      paymentState: 'awaiting_payment',
      customer: null,
      serviceNeeded: 'Roofing & Siding',
      location: 'Dushore, PA',
      budgetRange: '$10,000 - $25,000',
      price: '25.00',
    });
    expect(JSON.stringify(awaiting)).not.toContain('Pat Customer');
    expect(JSON.stringify(awaiting)).not.toContain('555-0177');
    expect(leads.find((l) => l.leadId === first)!.customer).toEqual({
      name: 'Pat Customer',
      email: expect.stringContaining('@example.com'),
      phone: '(570) 555-0177',
    });

    // B sees none of A's deliveries and cannot touch them.
    expect((await b.client.get<PortalLead[]>('/api/contractor/leads')).body.map((l) => l.leadId)).not.toContain(first);
    const aDelivery = leads.find((l) => l.leadId === first)!.deliveryId;
    const res = await b.client.patch(`/api/contractor/leads/${aDelivery}/status`, { status: 'won' });
    expect(res.status).toBe(404);
    const [d] = await app.ctx.db.select().from(leadDeliveries).where(eq(leadDeliveries.id, aDelivery));
    expect(d!.contractorId).toBe(a.id);

    // After paying (an administrator records it here), the details appear.
    await admin.post(`/api/lead-deliveries/${awaiting.deliveryId}/pay`);
    const paid = (await a.client.get<PortalLead[]>('/api/contractor/leads')).body.find((l) => l.leadId === third)!;
    expect(paid.paymentState).toBe('paid');
    expect(paid.customer?.name).toBe('Pat Customer');
  });

  it('counts credits and warns at 80% of the plan', async () => {
    const profile = (await a.client.get<PortalProfile>('/api/contractor/profile')).body;
    expect(profile.credits).toEqual({ total: 2, used: 2, left: 0, low: true });
    await app.ctx.db
      .update(contractorBilling)
      .set({ subscriptionPlan: 'pro', monthlyLeadsUsed: 7 })
      .where(eq(contractorBilling.contractorId, b.id));
    expect((await b.client.get<PortalProfile>('/api/contractor/profile')).body.credits).toEqual({
      total: 9,
      used: 7,
      left: 2,
      low: false,
    });
    await app.ctx.db
      .update(contractorBilling)
      .set({ monthlyLeadsUsed: 8 })
      .where(eq(contractorBilling.contractorId, b.id));
    expect((await b.client.get<PortalProfile>('/api/contractor/profile')).body.credits.low).toBe(true);
    await app.ctx.db
      .update(contractorBilling)
      .set({ subscriptionPlan: 'premium', monthlyLeadsUsed: 15 })
      .where(eq(contractorBilling.contractorId, b.id));
    expect((await b.client.get<PortalProfile>('/api/contractor/profile')).body.credits).toEqual({
      total: 20,
      used: 15,
      left: 5,
      low: false,
    });
    await app.ctx.db
      .update(contractorBilling)
      .set({ monthlyLeadsUsed: 16 })
      .where(eq(contractorBilling.contractorId, b.id));
    expect((await b.client.get<PortalProfile>('/api/contractor/profile')).body.credits.low).toBe(true);
  });

  it('starts a new Free month on the calendar month', async () => {
    await app.ctx.db
      .update(contractorBilling)
      .set({ creditsPeriodStart: new Date('2020-01-01T00:00:00Z') })
      .where(eq(contractorBilling.contractorId, a.id));
    expect((await a.client.get<PortalProfile>('/api/contractor/profile')).body.credits).toEqual({
      total: 2,
      used: 0,
      left: 2,
      low: false,
    });
  });

  it('moves lead status only along the allowed transitions', async () => {
    const leads = (await a.client.get<PortalLead[]>('/api/contractor/leads')).body;
    const credited = leads.find((l) => l.paymentState === 'credited')!;
    const patch = (status: string) => a.client.patch(`/api/contractor/leads/${credited.deliveryId}/status`, { status });
    expect((await patch('delivered')).status).toBe(400);
    expect((await patch('contacted')).body.status).toBe('contacted');
    expect((await patch('won')).body.status).toBe('won');
    const back = await patch('contacted');
    expect(back.status).toBe(409);
    expect(back.body.message).toBe('A won lead cannot be marked contacted');
    expect((await patch('lost')).status).toBe(409);
    expect((await a.client.patch('/api/contractor/leads/abc/status', { status: 'won' })).status).toBe(400);
  });

  it('refuses a status change on a lead not yet paid for', async () => {
    const lead = await newLead(b.id);
    await app.ctx.db
      .update(contractorBilling)
      .set({ subscriptionPlan: 'free', monthlyLeadsUsed: 2 })
      .where(eq(contractorBilling.contractorId, b.id));
    const d = await deliver(lead, b.id);
    expect(d.paymentState).toBe('awaiting_payment');
    const res = await b.client.patch(`/api/contractor/leads/${d.id}/status`, { status: 'contacted' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Buy this lead before updating its status');
  });
});
