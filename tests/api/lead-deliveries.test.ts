import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  contractorAccounts,
  contractorBilling,
  leadDeliveries,
  leads,
  outboxEmails,
  pricingRules,
} from '../../server/db/schema';
import { adminClient, contractorClient } from '../support/admin-session';
import { createContractor } from '../support/factories';
import type { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
let admin: TestClient;
let requestedId: number;
let recipientId: number;
let recipient: { name: string; email: string };
beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT: 'false' });
  admin = await adminClient(app);
  requestedId = (await createContractor(app.ctx.db)).id;
  ({ id: recipientId, ...recipient } = await createContractor(app.ctx.db));
});
afterAll(() => app?.close());

/** A fresh Free month with no credits used. */
async function resetCredits(...ids: number[]) {
  await app.ctx.db
    .update(contractorBilling)
    .set({ subscriptionPlan: 'free', monthlyLeadsUsed: 0, creditsPeriodStart: new Date() })
    .where(inArray(contractorBilling.contractorId, ids));
}
beforeEach(() => resetCredits(recipientId, requestedId));

const CUSTOMER = { name: 'Dana Homeowner', email: 'dana@example.com', phone: '(570) 555-0199' };

async function newLead(over: Record<string, unknown> = {}): Promise<number> {
  const res = await app.client().post('/api/leads', {
    ...CUSTOMER,
    serviceNeeded: 'Kitchen Remodeling',
    location: 'Laporte, PA',
    projectDetails: 'Replace cabinets and counters in a 1970s kitchen.',
    budgetRange: '$25,000 - $50,000',
    contractorId: requestedId,
    ...over,
  });
  expect(res.status).toBe(201);
  return res.body.id;
}

const deliver = (leadId: unknown, contractorId: unknown, client = admin) =>
  client.post('/api/lead-deliveries', { leadId, contractorId });
const leadRow = async (id: number) => (await app.ctx.db.select().from(leads).where(eq(leads.id, id)))[0]!;
const creditsUsed = async (id: number) =>
  (
    await app.ctx.db
      .select({ n: contractorBilling.monthlyLeadsUsed })
      .from(contractorBilling)
      .where(eq(contractorBilling.contractorId, id))
  )[0]!.n;
const lastEmailTo = async (to: string) =>
  (
    await app.ctx.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.toAddress, to), eq(outboxEmails.kind, 'lead-delivered')))
      .orderBy(desc(outboxEmails.id))
      .limit(1)
  )[0]!;

describe('POST /api/lead-deliveries', () => {
  it('is for administrators only: 401 signed out, 403 for a contractor', async () => {
    const leadId = await newLead();
    expect((await deliver(leadId, recipientId, app.client())).status).toBe(401);
    const contractor = await contractorClient(app, (await createContractor(app.ctx.db)).id);
    expect((await deliver(leadId, recipientId, contractor)).status).toBe(403);
    expect((await contractor.get(`/api/contractors/${recipientId}/lead-deliveries`)).status).toBe(403);
    expect((await contractor.post('/api/lead-deliveries/1/pay')).status).toBe(403);
    expect((await leadRow(leadId)).status).toBe('new');
  });

  it('delivers a new lead, priced by the rules for the contractor it goes to', async () => {
    const [rule] = await app.ctx.db
      .insert(pricingRules)
      .values({ ruleType: 'contractor', ruleValue: String(recipientId), leadPriceCents: 4100, priority: 5 })
      .returning();
    try {
      const leadId = await newLead();
      // Priced at creation for the requested contractor, whom the rule does not name.
      expect((await leadRow(leadId)).leadPriceCents).toBe(2500);

      const res = await deliver(leadId, recipientId);
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.any(Number),
        leadId,
        contractorId: recipientId,
        contractorName: recipient.name,
        price: '41.00',
        paymentState: 'credited',
        leadStatus: 'delivered',
        serviceNeeded: 'Kitchen Remodeling',
        location: 'Laporte, PA',
        createdAt: expect.any(String),
        paidAt: null,
        creditedAt: expect.any(String),
      });
      const lead = await leadRow(leadId);
      expect(lead.status).toBe('delivered');
      expect(lead.leadPriceCents).toBe(2500);
      const rows = await app.ctx.db.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, leadId));
      expect(rows).toMatchObject([{ contractorId: recipientId, priceCents: 4100, paymentState: 'credited' }]);
    } finally {
      await app.ctx.db.delete(pricingRules).where(eq(pricingRules.id, rule!.id));
    }
  });

  it('uses a plan credit while the Free plan has one, then awaits payment', async () => {
    const states = [];
    for (let i = 0; i < 3; i++) {
      const res = await deliver(await newLead(), recipientId);
      expect(res.status).toBe(201);
      states.push(res.body.paymentState);
    }
    expect(states).toEqual(['credited', 'credited', 'awaiting_payment']);
    expect(await creditsUsed(recipientId)).toBe(2);
  });

  it('starts a new Free month when the credit period began last month', async () => {
    await app.ctx.db
      .update(contractorBilling)
      .set({ monthlyLeadsUsed: 2, creditsPeriodStart: new Date(Date.UTC(2020, 0, 15)) })
      .where(eq(contractorBilling.contractorId, recipientId));
    const res = await deliver(await newLead(), recipientId);
    expect(res.body.paymentState).toBe('credited');
    expect(await creditsUsed(recipientId)).toBe(1);
  });

  it('emails the customer details for a credited lead', async () => {
    const res = await deliver(await newLead(), recipientId);
    expect(res.body.paymentState).toBe('credited');
    const mail = await lastEmailTo(recipient.email);
    expect(mail.subject).toBe('New lead: Kitchen Remodeling in Laporte, PA');
    for (const text of [
      CUSTOMER.name,
      CUSTOMER.email,
      CUSTOMER.phone,
      '$25,000 - $50,000',
      'Replace cabinets and counters',
    ])
      expect(mail.textBody).toContain(text);
    expect(mail.textBody).not.toContain('/buy-lead');
  });

  it('emails a pay link and no contact details for a lead awaiting payment', async () => {
    await app.ctx.db
      .update(contractorBilling)
      .set({ monthlyLeadsUsed: 2 })
      .where(eq(contractorBilling.contractorId, recipientId));
    const leadId = await newLead({
      projectDetails: `New deck off the kitchen. Text me at 570-555-0123 or write to dana@example.com. ${'More. '.repeat(80)}`,
    });
    const res = await deliver(leadId, recipientId);
    expect(res.body.paymentState).toBe('awaiting_payment');
    const mail = await lastEmailTo(recipient.email);
    expect(mail.subject).toBe('New lead: Kitchen Remodeling in Laporte, PA');
    for (const text of [
      'Kitchen Remodeling',
      'Laporte, PA',
      '$25,000 - $50,000',
      'New deck off the kitchen',
      '$25.00',
      `${app.url}/buy-lead?leadId=${leadId}&contractorId=${recipientId}`,
    ]) {
      expect(mail.textBody).toContain(text);
    }
    // Including what the customer typed into the project details, which are cut to a summary.
    for (const text of [CUSTOMER.name, CUSTOMER.email, CUSTOMER.phone, '555-0199', '555-0123'])
      expect(mail.textBody).not.toContain(text);
    expect(mail.textBody).toContain('More. More.');
    expect(mail.textBody).not.toContain('More. '.repeat(60));
  });

  it("writes to the contractor's portal account address when it has one", async () => {
    const withAccount = await createContractor(app.ctx.db);
    await app.ctx.db
      .insert(contractorAccounts)
      .values({ contractorId: withAccount.id, email: 'owner@portal-account.example' });
    expect((await deliver(await newLead(), withAccount.id)).status).toBe(201);
    expect((await lastEmailTo('owner@portal-account.example')).subject).toBe(
      'New lead: Kitchen Remodeling in Laporte, PA',
    );
  });

  it('refuses a lead that is no longer new (409) and an unknown lead (404)', async () => {
    const leadId = await newLead();
    expect((await deliver(leadId, recipientId)).status).toBe(201);
    const again = await deliver(leadId, requestedId);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This lead has already been delivered');
    expect(await creditsUsed(requestedId)).toBe(0);

    // Only a new lead can be delivered, with or without a delivery row behind its status.
    const lost = await newLead();
    await app.ctx.db.update(leads).set({ status: 'lost' }).where(eq(leads.id, lost));
    expect((await deliver(lost, recipientId)).status).toBe(409);
    expect((await leadRow(lost)).status).toBe('lost');

    const missing = await deliver(999999, recipientId);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Lead not found');
  });

  it('refuses contractors that are pending, rejected (409) or unknown (404), leaving the lead new', async () => {
    const leadId = await newLead();
    const pending = await createContractor(app.ctx.db, { approvalStatus: 'pending', isVisible: false });
    const res = await deliver(leadId, pending.id);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Only approved contractors can receive leads');

    const rejected = await createContractor(app.ctx.db, {
      approvalStatus: 'rejected',
      rejectionReason: 'No licence',
      isVisible: false,
    });
    expect((await deliver(leadId, rejected.id)).status).toBe(409);

    const unknown = await deliver(leadId, 999999);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Contractor not found');
    expect((await leadRow(leadId)).status).toBe('new');
    expect(await app.ctx.db.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, leadId))).toEqual([]);
  });

  it('answers 400 with field errors for a bad body', async () => {
    const res = await admin.post('/api/lead-deliveries', {});
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ leadId: 'Choose a lead', contractorId: 'Select a contractor' });
    const words = await deliver('abc', -1);
    expect(words.status).toBe(400);
    expect(Object.keys(words.body.errors).sort()).toEqual(['contractorId', 'leadId']);
  });

  it('delivers a lead exactly once when 20 deliveries race, whoever they are for', async () => {
    const ids = [recipientId];
    for (let i = 0; i < 3; i++) ids.push((await createContractor(app.ctx.db)).id);
    const leadId = await newLead();

    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => deliver(leadId, ids[i % ids.length])));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, ...Array(19).fill(409)]);
    const winner = results.find((r) => r.status === 201)!.body;

    expect(await app.ctx.db.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, leadId))).toMatchObject([
      { id: winner.id, contractorId: winner.contractorId },
    ]);
    for (const id of ids) expect(await creditsUsed(id)).toBe(id === winner.contractorId ? 1 : 0);
  });
});

describe('GET /api/contractors/:id/lead-deliveries', () => {
  it("lists a contractor's deliveries newest first", async () => {
    const listed = await createContractor(app.ctx.db);
    const first = (await deliver(await newLead(), listed.id)).body;
    const second = (await deliver(await newLead({ serviceNeeded: 'Flooring Installation' }), listed.id)).body;
    const res = await admin.get(`/api/contractors/${listed.id}/lead-deliveries`);
    expect(res.status).toBe(200);
    expect(res.body.slice(0, 2)).toEqual([second, first]);
    expect(res.body.every((d: { contractorId: number }) => d.contractorId === listed.id)).toBe(true);
    // The public profile at /api/contractors/:id is still answered beside it.
    expect((await app.client().get(`/api/contractors/${listed.id}`)).body.name).toBe(listed.name);
  });

  it('answers 404 for an unknown contractor, 400 for a bad id, 401 without a session', async () => {
    expect((await admin.get('/api/contractors/999999/lead-deliveries')).status).toBe(404);
    expect((await admin.get('/api/contractors/abc/lead-deliveries')).status).toBe(400);
    expect((await app.client().get(`/api/contractors/${recipientId}/lead-deliveries`)).status).toBe(401);
  });
});

describe('POST /api/lead-deliveries/:id/pay', () => {
  it('records an offline payment for a delivery awaiting payment and sends the customer details', async () => {
    await app.ctx.db
      .update(contractorBilling)
      .set({ monthlyLeadsUsed: 2 })
      .where(eq(contractorBilling.contractorId, recipientId));
    const delivery = (await deliver(await newLead(), recipientId)).body;
    expect(delivery.paymentState).toBe('awaiting_payment');

    const res = await admin.post(`/api/lead-deliveries/${delivery.id}/pay`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...delivery, paymentState: 'paid', paidAt: expect.any(String) });

    const [receipt] = await app.ctx.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.toAddress, recipient.email), eq(outboxEmails.kind, 'payment-receipt')));
    expect(receipt!.textBody).toContain(CUSTOMER.phone);

    const again = await admin.post(`/api/lead-deliveries/${delivery.id}/pay`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Only deliveries awaiting payment can be marked paid');
  });

  it('refuses a credited delivery (409), an unknown one (404), and anonymous callers (401)', async () => {
    const credited = (await deliver(await newLead(), recipientId)).body;
    expect(credited.paymentState).toBe('credited');
    const res = await admin.post(`/api/lead-deliveries/${credited.id}/pay`);
    expect(res.status).toBe(409);
    expect(
      (await app.ctx.db.select().from(leadDeliveries).where(eq(leadDeliveries.id, credited.id)))[0]!.paymentState,
    ).toBe('credited');
    expect((await admin.post('/api/lead-deliveries/999999/pay')).status).toBe(404);
    expect((await app.client().post(`/api/lead-deliveries/${credited.id}/pay`)).status).toBe(401);
  });
});
