import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractorAccounts, demoPayments } from '../../server/db/schema';
import { createPaymentProvider } from '../../server/integrations/payments';
import { adminClient, contractorClient } from '../support/admin-session';
import { createContractor } from '../support/factories';
import type { TestClient } from '../support/http-client';
import {
  awaitingDelivery,
  billingRow,
  CUSTOMER,
  deliveryRow,
  portalLead,
  receiptsTo,
} from '../support/payment-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

/** The demo provider, the default without Stripe keys: the same state machine, no card charged. */

let app: TestApp;
let admin: TestClient;
let buyer: { id: number; email: string; client: TestClient };

beforeAll(async () => {
  // Default settings: no Stripe keys, rate limits on.
  app = await startTestApp();
  admin = await adminClient(app);
  const { id } = await createContractor(app.ctx.db);
  const client = await contractorClient(app, id);
  const [account] = await app.ctx.db.select().from(contractorAccounts).where(eq(contractorAccounts.contractorId, id));
  buyer = { id, email: account!.email, client };
});
afterAll(() => app?.close());

const startPayment = (leadId: number, contractorId: number) =>
  app.client().post('/api/stripe/create-payment-intent', { leadId, contractorId });
const confirm = (id: string, outcome: string) => app.client().post(`/api/demo-payments/${id}/confirm`, { outcome });
const claimSuccess = (paymentIntentId: string) => app.client().post('/api/stripe/payment-success', { paymentIntentId });

describe('demo payments', () => {
  it('tells the browser the demo provider is active', async () => {
    expect((await app.client().get('/api/payments/config')).body).toEqual({ provider: 'demo', publishableKey: null });
  });

  it('buys a lead: confirm, then the success page; the lead is paid and one receipt sent', async () => {
    const { leadId, deliveryId } = await awaitingDelivery(app, admin, buyer.id);
    const started = await startPayment(leadId, buyer.id);
    expect(started.status, started.text).toBe(200);
    const { paymentIntentId, clientSecret } = started.body;
    expect(started.body).toMatchObject({ provider: 'demo', leadDetails: { customerName: 'Dana', price: '25.00' } });
    expect(paymentIntentId).toMatch(/^demo_pi_[0-9a-f]+$/);
    expect(clientSecret.startsWith(`${paymentIntentId}_secret_`)).toBe(true);
    expect((await startPayment(leadId, buyer.id)).body.paymentIntentId).toBe(paymentIntentId);
    expect((await deliveryRow(app, deliveryId)).paymentIntentId).toBe(paymentIntentId);

    const confirmed = await confirm(paymentIntentId, 'succeed');
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ status: 'succeeded' });
    // Like Stripe's webhook, the demo reports the success to the server itself.
    expect((await deliveryRow(app, deliveryId)).paymentState).toBe('paid');
    const success = await claimSuccess(paymentIntentId);
    expect(success.status).toBe(200);
    expect(success.body).toEqual({ status: 'paid', leadId, contractorId: buyer.id });

    expect((await deliveryRow(app, deliveryId)).paymentState).toBe('paid');
    expect((await portalLead(buyer.client, deliveryId)).customer).toEqual(CUSTOMER);
    // Confirming again, or reporting success again, sends nothing more.
    expect((await confirm(paymentIntentId, 'succeed')).body).toEqual({ status: 'succeeded' });
    expect((await claimSuccess(paymentIntentId)).status).toBe(200);
    const receipts = await receiptsTo(app, buyer.email);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.textBody).toContain(CUSTOMER.phone);
  });

  it('declines without charging: payment-success answers 409 and nothing changes', async () => {
    const { leadId, deliveryId } = await awaitingDelivery(app, admin, buyer.id);
    const { paymentIntentId } = (await startPayment(leadId, buyer.id)).body;
    const receiptsBefore = (await receiptsTo(app, buyer.email)).length;

    const declined = await confirm(paymentIntentId, 'decline');
    expect(declined.status).toBe(200);
    expect(declined.body.status).toBe('requires_payment_method');
    expect(declined.body.message).toContain('declined');
    expect(declined.body.message).toContain('no card is charged');

    const claim = await claimSuccess(paymentIntentId);
    expect(claim.status).toBe(409);
    expect(claim.body.message).toBe('Payment has not succeeded');
    expect((await deliveryRow(app, deliveryId)).paymentState).toBe('awaiting_payment');
    expect((await portalLead(buyer.client, deliveryId)).customer).toBeNull();
    expect((await receiptsTo(app, buyer.email)).length).toBe(receiptsBefore);

    // The card form may try again, and then succeed.
    expect((await confirm(paymentIntentId, 'succeed')).body).toEqual({ status: 'succeeded' });
    expect((await claimSuccess(paymentIntentId)).status).toBe(200);
    expect((await deliveryRow(app, deliveryId)).paymentState).toBe('paid');
    expect((await confirm(paymentIntentId, 'decline')).status).toBe(409);
  });

  it('answers 404 for an unknown demo payment and 400 for a bad outcome', async () => {
    expect((await confirm('demo_pi_0123456789abcdef', 'succeed')).status).toBe(404);
    expect((await confirm('pi_not_a_demo_one', 'succeed')).status).toBe(404);
    const { leadId } = await awaitingDelivery(app, admin, buyer.id);
    const { paymentIntentId } = (await startPayment(leadId, buyer.id)).body;
    const bad = await confirm(paymentIntentId, 'maybe');
    expect(bad.status).toBe(400);
    expect(bad.body.errors.outcome).toBe("outcome must be 'succeed' or 'decline'");
    expect((await app.client().post('/api/demo-payments/checkout/demo_cs_0123456789abcdef/complete')).status).toBe(404);
  });

  it('subscribes through the demo checkout page, then verify-subscription activates the plan', async () => {
    const subscriber = await createContractor(app.ctx.db);
    const client = await contractorClient(app, subscriber.id);
    const created = await client.post('/api/stripe/create-subscription', { planId: 'pro' });
    expect(created.status, created.text).toBe(200);
    const match = String(created.body.subscriptionUrl).match(/^(.*)\/demo-checkout\?session_id=(demo_cs_[0-9a-f]+)$/);
    expect(match?.[1]).toBe(app.url);
    const sessionId = match![2]!;

    const early = await app.client().post('/api/stripe/verify-subscription', { sessionId });
    expect(early.status).toBe(409);
    expect((await billingRow(app, subscriber.id)).subscriptionPlan).toBe('free');

    const completed = await app.client().post(`/api/demo-payments/checkout/${sessionId}/complete`);
    expect(completed.status).toBe(200);
    expect(completed.body).toEqual({ redirectUrl: `${app.url}/subscription-success?session_id=${sessionId}` });

    const verified = await app.client().post('/api/stripe/verify-subscription', { sessionId });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ plan: 'pro', planName: 'Pro', status: 'active' });
    const days = (Date.parse(verified.body.currentPeriodEnd) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);
    expect((await client.get('/api/contractor/subscription')).body).toMatchObject({
      plan: 'pro',
      status: 'active',
      featured: false,
      credits: { total: 9, used: 0 },
    });

    // Completing twice starts one subscription.
    expect((await app.client().post(`/api/demo-payments/checkout/${sessionId}/complete`)).body).toEqual(completed.body);
    expect(await app.ctx.db.select().from(demoPayments).where(eq(demoPayments.kind, 'subscription'))).toHaveLength(1);
  });

  it('keeps its payments in the database, so a restarted provider still knows them', async () => {
    const { leadId } = await awaitingDelivery(app, admin, buyer.id);
    const { paymentIntentId } = (await startPayment(leadId, buyer.id)).body;
    await confirm(paymentIntentId, 'decline');
    const restarted = createPaymentProvider(app.ctx.env, app.ctx.db);
    expect(await restarted.retrievePaymentIntent(paymentIntentId)).toMatchObject({
      id: paymentIntentId,
      status: 'requires_payment_method',
      amountCents: 2500,
      currency: 'usd',
      lastErrorMessage: expect.stringContaining('no card is charged'),
    });
  });

  it('receives no webhooks', async () => {
    const res = await app.client().request('POST', '/api/stripe/webhook', undefined, {
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': 't=1,v1=00' },
      raw: '{"id":"evt_1","type":"payment_intent.succeeded"}',
    });
    expect(res.status).toBe(400);
  });

  it('limits starting payments to 30 a minute per address', async () => {
    // Earlier tests in this file used part of the window; the limit still stops the 31st.
    const answers = [];
    for (let i = 0; i < 31; i++) answers.push(await startPayment(999_999, buyer.id));
    const statuses = answers.map((a) => a.status);
    const first = statuses.indexOf(429);
    expect(first).toBeGreaterThan(0);
    expect(statuses.slice(0, first).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(first).every((s) => s === 429)).toBe(true);
    expect(answers[first]!.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
