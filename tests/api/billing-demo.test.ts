import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPayments } from '../../server/db/schema';
import { contractorClient } from '../support/admin-session';
import { createContractor } from '../support/factories';
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
    const answers = await Promise.all([0, 1, 2].map(() => c.client.post('/api/stripe/create-subscription', { planId: 'pro' })));
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
    expect(state.body).toMatchObject({ returnUrl: `${app.url}/contractor?section=subscription`, plan: 'pro', planName: 'Pro', status: 'active', cancelAtPeriodEnd: false, cardLast4: null });

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
    expect(await portal()).toMatchObject({ plan: 'pro', status: 'active', cancelAtPeriodEnd: true, currentPeriodEnd: cancelled.body.currentPeriodEnd });

    expect((await change({ action: 'resume' })).body.cancelAtPeriodEnd).toBe(false);
    expect((await portal()).cancelAtPeriodEnd).toBe(false);

    expect((await change({ action: 'switch', planId: 'premium' })).body).toMatchObject({ plan: 'premium', planName: 'Premium' });
    expect(await portal()).toMatchObject({ plan: 'premium', featured: true });

    expect((await change({ action: 'card', cardNumber: '4242 4242 4242 4242' })).body.cardLast4).toBe('4242');

    for (const bad of [{}, { action: 'refund' }, { action: 'switch', planId: 'free' }, { action: 'card', cardNumber: '12ab' }]) {
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
