import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractorBilling, contractorServiceAreas, demoPayments, regions, towns } from '../../server/db/schema';
import { addCounty } from '../../server/counties/counties';
import { adminClient, contractorClient, countyAdminClient } from '../support/admin-session';
import { createContractor, createLead } from '../support/factories';
import type { TestClient } from '../support/http-client';
import { createClock } from '../../server/clock';
import { startTestApp, type TestApp } from '../support/test-app';

/** Self-service billing on the demo provider (docs/decisions/0113-self-service-billing.md): the same answers as with Stripe, on its own pages. */

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT: 'false' });
});
afterAll(() => app?.close());

async function newContractor(): Promise<{ id: number; client: TestClient }> {
  const { id } = await createContractor(app.ctx.db);
  return { id, client: await contractorClient(app, id) };
}

const sessionsOf = (contractorId: number) =>
  app.ctx.db
    .select()
    .from(demoPayments)
    .where(and(eq(demoPayments.kind, 'checkout_session'), eq(demoPayments.status, 'open')))
    .then((rows) => rows.filter((r) => r.data.contractorId === String(contractorId)));

describe('demo: starting a subscription twice', () => {
  it('two concurrent starts make one checkout session; after it completes the next start is a new one', async () => {
    const c = await newContractor();
    const answers = await Promise.all(
      [0, 1, 2].map(() => c.client.post('/api/stripe/create-subscription', { planId: 'pro' })),
    );
    for (const a of answers) expect(a.status, a.text).toBe(200);
    expect(new Set(answers.map((a) => a.body.subscriptionUrl)).size).toBe(1);
    expect(await sessionsOf(c.id)).toHaveLength(1);

    const sessionId = new URL(answers[0]!.body.subscriptionUrl).searchParams.get('session_id')!;
    expect((await app.client().post(`/api/demo-payments/checkout/${sessionId}/complete`, {})).status).toBe(200);
    const premium = await c.client.post('/api/stripe/create-subscription', { planId: 'premium' });
    expect(premium.status, premium.text).toBe(200);
    expect(premium.body.subscriptionUrl).not.toBe(answers[0]!.body.subscriptionUrl);
  });
});

/** Subscribes through the demo checkout page: the contractor is on the plan and has a demo customer. */
async function subscribe(c: { client: TestClient }, planId: 'pro' | 'premium') {
  const res = await c.client.post('/api/stripe/create-subscription', { planId });
  const sessionId = new URL(res.body.subscriptionUrl).searchParams.get('session_id')!;
  expect((await app.client().post(`/api/demo-payments/checkout/${sessionId}/complete`, {})).status).toBe(200);
  return sessionId;
}

async function openBilling(c: { client: TestClient }): Promise<string> {
  const res = await c.client.post('/api/contractor/billing-portal');
  expect(res.status, res.text).toBe(200);
  const url = new URL(res.body.url);
  expect(url.origin + url.pathname).toBe(`${app.url}/demo-billing`);
  return url.searchParams.get('session_id')!;
}

describe("demo: the billing page standing in for Stripe's customer portal", () => {
  it("shows the contractor's plan, and only to them", async () => {
    const c = await newContractor();
    expect((await c.client.post('/api/contractor/billing-portal')).status).toBe(409);
    await subscribe(c, 'pro');
    const id = await openBilling(c);
    const state = await c.client.get(`/api/demo-payments/billing/${id}`);
    expect(state.status, state.text).toBe(200);
    expect(state.body).toMatchObject({
      returnUrl: `${app.url}/contractor?section=subscription`,
      plan: 'pro',
      planName: 'Pro',
      status: 'active',
      cancelAtPeriodEnd: false,
      cardLast4: null,
    });

    const other = await newContractor();
    expect((await other.client.get(`/api/demo-payments/billing/${id}`)).status).toBe(404);
    expect((await other.client.post(`/api/demo-payments/billing/${id}`, { action: 'cancel' })).status).toBe(404);
    expect((await app.client().get(`/api/demo-payments/billing/${id}`)).status).toBe(401);
    expect((await c.client.get('/api/demo-payments/billing/demo_bps_00')).status).toBe(404);
    expect((await c.client.get('/api/demo-payments/billing/not-a-session')).status).toBe(404);
  });

  it('cancels at period end, resumes, switches plan and takes a card; the portal follows each change', async () => {
    const c = await newContractor();
    await subscribe(c, 'pro');
    const id = await openBilling(c);
    const change = (body: unknown) => c.client.post(`/api/demo-payments/billing/${id}`, body);
    const portal = async () => (await c.client.get('/api/contractor/subscription')).body;

    const cancelled = await change({ action: 'cancel' });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body).toMatchObject({ plan: 'pro', cancelAtPeriodEnd: true });
    expect(await portal()).toMatchObject({
      plan: 'pro',
      status: 'active',
      cancelAtPeriodEnd: true,
      currentPeriodEnd: cancelled.body.currentPeriodEnd,
    });

    expect((await change({ action: 'resume' })).body.cancelAtPeriodEnd).toBe(false);
    expect((await portal()).cancelAtPeriodEnd).toBe(false);

    expect((await change({ action: 'switch', planId: 'premium' })).body).toMatchObject({
      plan: 'premium',
      planName: 'Premium',
    });
    expect(await portal()).toMatchObject({ plan: 'premium', featured: true });

    expect((await change({ action: 'card', cardNumber: '4242 4242 4242 4242' })).body.cardLast4).toBe('4242');

    // Cancelled, and the period passes: the plan ends, back to Free.
    await change({ action: 'cancel' });
    const [sub] = await app.ctx.db
      .select()
      .from(demoPayments)
      .where(and(eq(demoPayments.kind, 'subscription'), sql`${demoPayments.data}->>'contractorId' = ${String(c.id)}`));
    await app.ctx.db
      .update(demoPayments)
      .set({ data: { ...sub!.data, currentPeriodEnd: new Date(Date.now() - 60_000).toISOString() } })
      .where(eq(demoPayments.id, sub!.id));
    expect((await c.client.get(`/api/demo-payments/billing/${id}`)).body).toMatchObject({
      plan: 'free',
      status: 'canceled',
    });
    expect(await portal()).toMatchObject({ plan: 'free', status: 'canceled', featured: false });

    for (const bad of [
      {},
      { action: 'refund' },
      { action: 'switch', planId: 'free' },
      { action: 'card', cardNumber: '12ab' },
    ]) {
      const res = await change(bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
  });

  it('a billing link works for an hour', async () => {
    const c = await newContractor();
    await subscribe(c, 'pro');
    const id = await openBilling(c);
    app.ctx.clock.now = () => new Date(Date.now() + 61 * 60 * 1000);
    try {
      const res = await c.client.get(`/api/demo-payments/billing/${id}`);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('This billing link has expired. Open Manage billing in the portal again.');
    } finally {
      app.ctx.clock.now = createClock().now;
    }
  });
});

describe('demo: payment history and receipts', () => {
  it('lists the plan payment with a printable receipt of ours, to its contractor only', async () => {
    const c = await newContractor();
    await subscribe(c, 'premium');
    const list = await c.client.get('/api/contractor/payments');
    expect(list.status, list.text).toBe(200);
    expect(list.body).toHaveLength(1);
    const [entry] = list.body;
    expect(entry).toMatchObject({ kind: 'plan_payment', amount: '100.00', method: 'card', status: 'succeeded' });
    expect(entry.description).toMatch(/^Premium plan, monthly \(\d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}\)$/);
    expect(entry.receiptPath).toBe(`/contractor/receipts/${entry.id}`);
    const receipt = await c.client.get(`/api/contractor/payments/${entry.id}`);
    expect(receipt.status).toBe(200);
    expect(receipt.body).toMatchObject({ entry, contractorName: expect.any(String) });
    // No provider receipt on the demo: the redirect goes to ours.
    const redirect = await c.client.get(`/api/contractor/payments/${entry.id}/receipt`);
    expect(redirect.status).toBe(303);
    expect(redirect.headers.get('location')).toBe(entry.receiptPath);
    const other = await newContractor();
    expect((await other.client.get(`/api/contractor/payments/${entry.id}`)).status).toBe(404);
    expect((await app.client().get('/api/contractor/payments')).status).toBe(401);
  });
});

describe("the administrator's contractor view and the bookkeeper's CSV", () => {
  it('shows status, credits, history and performance; exports in the scope, with formulas neutralised', async () => {
    const db = app.ctx.db;
    await addCounty(app.ctx, 'wyoming');
    const [sullivan] = await db.select().from(regions).where(eq(regions.slug, 'sullivan'));
    const [wyoming] = await db.select().from(regions).where(eq(regions.slug, 'wyoming'));
    const [wyomingTown] = await db.select().from(towns).where(eq(towns.regionId, wyoming!.id)).limit(1);
    const platform = await adminClient(app);

    // A contractor of Sullivan on Pro with a credited lead whose text tries a formula; one of Wyoming's with a credited lead.
    const a = await newContractor();
    await subscribe(a, 'pro');
    const leadA = await createLead(db, {
      regionId: sullivan!.id,
      name: 'Homeowner Sullivan',
      serviceNeeded: '=HYPERLINK("http://evil.example","x")',
      requestedContractorId: a.id,
    });
    expect(
      (await platform.post('/api/lead-deliveries', { leadId: leadA.id, contractorId: a.id })).body.paymentState,
    ).toBe('credited');
    const { id: bId } = await createContractor(db, { name: 'Wyoming Builder' });
    await db.delete(contractorServiceAreas).where(eq(contractorServiceAreas.contractorId, bId));
    await db.insert(contractorServiceAreas).values({ contractorId: bId, townId: wyomingTown!.id });
    await db
      .update(contractorBilling)
      .set({ monthlyLeadsUsed: 0, creditsPeriodStart: new Date() })
      .where(eq(contractorBilling.contractorId, bId));
    const leadB = await createLead(db, {
      regionId: wyoming!.id,
      name: 'Homeowner Wyoming',
      serviceNeeded: 'Wyoming roofing',
      requestedContractorId: bId,
    });
    expect(
      (await platform.post('/api/lead-deliveries', { leadId: leadB.id, contractorId: bId })).body.paymentState,
    ).toBe('credited');

    // The contractor view.
    const view = await platform.get(`/api/admin/contractors/${a.id}/billing`);
    expect(view.status, view.text).toBe(200);
    expect(view.body.subscription).toMatchObject({
      plan: 'pro',
      status: 'active',
      credits: { total: 9, used: 1, left: 8 },
    });
    expect(view.body.history.map((e: { kind: string }) => e.kind).sort()).toEqual(['credit', 'plan_payment']);
    expect(view.body.stats).toBeDefined();
    expect(view.body.stats).toMatchObject({ contractorId: a.id });

    // The platform's exports hold both counties; a cell starting with = is neutralised.
    const payments = await platform.get('/api/admin/exports/payments.csv');
    expect(payments.status).toBe(200);
    expect(payments.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(payments.headers.get('content-disposition')).toMatch(
      /^attachment; filename="payments-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const paymentLines = payments.text.trim().split('\r\n');
    expect(paymentLines[0]).toBe(
      'date,entry_id,kind,contractor_id,contractor,county,lead_id,description,method,status,amount,currency',
    );
    expect(payments.text).toContain(`,plan_payment,${a.id},`);
    expect(payments.text).toContain('Wyoming roofing');
    const leadsCsv = await platform.get('/api/admin/exports/leads.csv');
    expect(leadsCsv.text.split('\r\n')[0]).toBe(
      'lead_id,created_at,county,service,location,status,lead_price,contractor_id,contractor,payment_state,price_charged,delivered_at,paid_at,credited_at',
    );
    const rowA = leadsCsv.text.split('\r\n').find((l) => l.startsWith(`${leadA.id},`))!;
    expect(rowA).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(rowA).toContain(',credited,');
    expect(leadsCsv.text).toContain('Wyoming roofing');
    // No homeowner's contact details for the bookkeeper.
    expect(leadsCsv.text).not.toContain('Homeowner Sullivan');

    // Sullivan's administrator: Sullivan's leads and their payments only, no plan payments, no other county's contractor.
    const county = (await countyAdminClient(app, [sullivan!.id])).client;
    const own = await county.get('/api/admin/exports/leads.csv');
    expect(own.status).toBe(200);
    expect(own.text).toContain(`${leadA.id},`);
    expect(own.text).not.toContain('Wyoming');
    const ownPayments = await county.get('/api/admin/exports/payments.csv');
    expect(ownPayments.text).toContain(`credit-`);
    expect(ownPayments.text).not.toContain('plan_payment');
    expect(ownPayments.text).not.toContain('Wyoming');
    expect((await county.get(`/api/admin/contractors/${bId}/billing`)).status).toBe(404);
    const scoped = await county.get(`/api/admin/contractors/${a.id}/billing`);
    expect(scoped.status).toBe(200);
    expect(scoped.body.history.map((e: { kind: string }) => e.kind)).toEqual(['credit']);

    // One contractor, a period; bad input is a 400.
    const onlyB = await platform.get(`/api/admin/exports/leads.csv?contractorId=${bId}`);
    expect(onlyB.text.trim().split('\r\n')).toHaveLength(2);
    expect(
      (await platform.get('/api/admin/exports/payments.csv?from=2999-01-01')).text.trim().split('\r\n'),
    ).toHaveLength(1);
    expect((await platform.get('/api/admin/exports/payments.csv?from=yesterday')).status).toBe(400);
    expect((await platform.get('/api/admin/exports/leads.csv?contractorId=abc')).status).toBe(400);
    expect((await a.client.get('/api/admin/exports/leads.csv')).status).toBe(403);
  });
});
