import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractorAccounts, leadRefunds } from '../../server/db/schema';
import { adminClient, contractorClient } from '../support/admin-session';
import { createContractor } from '../support/factories';
import type { TestClient } from '../support/http-client';
import { awaitingDelivery, billingRow } from '../support/payment-fixtures';
import { startStripeStandIn, type SignedEvent, type StripeStandIn } from '../support/stripe-stand-in';
import { startTestApp, type TestApp } from '../support/test-app';

/** Self-service billing on Stripe, through the real SDK against the stand-in (docs/decisions/0113-self-service-billing.md). */

let app: TestApp;
let stripe: StripeStandIn;

beforeAll(async () => {
  stripe = await startStripeStandIn('whsec_billing');
  app = await startTestApp({ RATE_LIMIT: 'false', ...stripe.appEnv() });
});
afterAll(async () => {
  await app?.close();
  await stripe?.close();
});

const webhook = (event: SignedEvent) =>
  app.client().request('POST', '/api/stripe/webhook', undefined, {
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': event.signature },
    raw: event.payload,
  });

async function newContractor(): Promise<{ id: number; client: TestClient; email: string }> {
  const { id } = await createContractor(app.ctx.db);
  const client = await contractorClient(app, id);
  const [account] = await app.ctx.db.select().from(contractorAccounts).where(eq(contractorAccounts.contractorId, id));
  return { id, client, email: account!.email };
}

const checkoutCreates = () => stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions');

/** Subscribes through Checkout and the success page: the contractor is on the plan. */
async function subscribe(c: { client: TestClient }, planId: 'pro' | 'premium') {
  const res = await c.client.post('/api/stripe/create-subscription', { planId });
  expect(res.status, res.text).toBe(200);
  const session = [...stripe.sessions.values()].find((s) => s.url === res.body.subscriptionUrl)!;
  const { subscription } = stripe.completeSession(session.id);
  const verified = await app.client().post('/api/stripe/verify-subscription', { sessionId: session.id });
  expect(verified.status, verified.text).toBe(200);
  return { session, subscription };
}

describe('starting a subscription twice', () => {
  it('two concurrent starts make one Checkout Session, sent with one idempotency key', async () => {
    const c = await newContractor();
    const before = checkoutCreates().length;
    const answers = await Promise.all([
      c.client.post('/api/stripe/create-subscription', { planId: 'pro' }),
      c.client.post('/api/stripe/create-subscription', { planId: 'pro' }),
    ]);
    for (const a of answers) expect(a.status, a.text).toBe(200);
    expect(answers[0]!.body.subscriptionUrl).toBe(answers[1]!.body.subscriptionUrl);
    const sessions = [...stripe.sessions.values()].filter((s) => s.client_reference_id === String(c.id));
    expect(sessions).toHaveLength(1);
    const keys = checkoutCreates()
      .slice(before)
      .map((r) => r.idempotencyKey);
    expect(keys.length).toBeGreaterThan(0);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(new RegExp(`^subscription-checkout-${c.id}-pro-0-[0-9a-f]{16}$`));

    // A later click while it is still open: the same session, not even a new request for one.
    const again = await c.client.post('/api/stripe/create-subscription', { planId: 'pro' });
    expect(again.body.subscriptionUrl).toBe(answers[0]!.body.subscriptionUrl);
    expect([...stripe.sessions.values()].filter((s) => s.client_reference_id === String(c.id))).toHaveLength(1);

    // Another plan is another checkout.
    const premium = await c.client.post('/api/stripe/create-subscription', { planId: 'premium' });
    expect(premium.body.subscriptionUrl).not.toBe(answers[0]!.body.subscriptionUrl);
  });

  it('a session that expired or completed is not answered again: the next start is a new attempt with a new key', async () => {
    const c = await newContractor();
    const first = await c.client.post('/api/stripe/create-subscription', { planId: 'pro' });
    const session = [...stripe.sessions.values()].find((s) => s.url === first.body.subscriptionUrl)!;
    session.status = 'expired';
    const second = await c.client.post('/api/stripe/create-subscription', { planId: 'pro' });
    expect(second.status, second.text).toBe(200);
    expect(second.body.subscriptionUrl).not.toBe(first.body.subscriptionUrl);
    expect(checkoutCreates().at(-1)!.idempotencyKey).toMatch(new RegExp(`^subscription-checkout-${c.id}-pro-1-`));
  });
});

describe("Stripe's customer portal", () => {
  it('is for a contractor with a billing account; it opens a portal session of their customer, returning to the portal', async () => {
    expect((await app.client().post('/api/contractor/billing-portal')).status).toBe(401);
    const c = await newContractor();
    const none = await c.client.post('/api/contractor/billing-portal');
    expect(none.status).toBe(409);
    expect(none.body.message).toBe('You have no billing account yet. Choose a paid plan first.');
    expect((await c.client.get('/api/contractor/subscription')).body.canManageBilling).toBe(false);

    const { subscription } = await subscribe(c, 'pro');
    expect((await c.client.get('/api/contractor/subscription')).body.canManageBilling).toBe(true);
    const res = await c.client.post('/api/contractor/billing-portal');
    expect(res.status, res.text).toBe(200);
    const sent = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/billing_portal/sessions').at(-1)!;
    expect(sent.body).toEqual({
      customer: subscription.customer,
      return_url: `${app.url}/contractor?section=subscription`,
    });
    expect(res.body).toEqual({ url: [...stripe.portalSessions.values()].at(-1)!.url });
  });

  it("keeps the plan in step with the portal's changes: cancel at period end, resume, switch plan, and the end back to Free", async () => {
    const c = await newContractor();
    const { subscription } = await subscribe(c, 'pro');
    const portal = async () => (await c.client.get('/api/contractor/subscription')).body;

    // Cancel at the end of the period, in Stripe's portal.
    const cancelled = stripe.updateSubscription(subscription.id, { cancel_at_period_end: true });
    expect((await webhook(stripe.event('customer.subscription.updated', cancelled))).status).toBe(200);
    const end = new Date(subscription.items.data[0].current_period_end * 1000).toISOString();
    expect(await portal()).toMatchObject({
      plan: 'pro',
      status: 'active',
      cancelAtPeriodEnd: true,
      currentPeriodEnd: end,
    });

    // Changed their mind.
    const resumed = stripe.updateSubscription(subscription.id, { cancel_at_period_end: false });
    await webhook(stripe.event('customer.subscription.updated', resumed));
    expect(await portal()).toMatchObject({ plan: 'pro', cancelAtPeriodEnd: false });

    // Switch to Premium: the price gives the plan, and the listing is featured.
    const switched = stripe.updateSubscription(subscription.id, { price: 'price_premium' });
    await webhook(stripe.event('customer.subscription.updated', switched));
    expect(await portal()).toMatchObject({ plan: 'premium', planName: 'Premium', status: 'active', featured: true });

    // The period ends with the subscription cancelled: back to Free, not featured.
    stripe.updateSubscription(subscription.id, { cancel_at_period_end: true });
    const ended = stripe.updateSubscription(subscription.id, { status: 'canceled' });
    expect((await webhook(stripe.event('customer.subscription.deleted', ended))).status).toBe(200);
    expect(await portal()).toMatchObject({ plan: 'free', status: 'canceled', featured: false });
    expect(await billingRow(app, c.id)).toMatchObject({
      subscriptionPlan: 'free',
      isFeatured: false,
      stripeSubscriptionId: subscription.id,
    });
  });
});

describe('payment history on Stripe', () => {
  it("lists plan payments, card payments for leads and refunds, each with Stripe's own receipt", async () => {
    const admin = await adminClient(app);
    const c = await newContractor();
    const { subscription } = await subscribe(c, 'pro');
    const history = async () => {
      const res = await c.client.get('/api/contractor/payments');
      expect(res.status, res.text).toBe(200);
      return res.body as {
        id: string;
        kind: string;
        amount: string;
        method: string;
        status: string;
        receiptPath: string;
        leadId: number | null;
      }[];
    };

    // The first invoice, recorded when the checkout activated the plan; its receipt is the invoice's page.
    let entries = await history();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      kind: 'plan_payment',
      amount: '45.00',
      method: 'card',
      status: 'succeeded',
      leadId: null,
    });
    expect(entries[0]!.receiptPath).toBe(`/api/contractor/payments/${entries[0]!.id}/receipt`);
    const planReceipt = await c.client.get(entries[0]!.receiptPath);
    expect(planReceipt.status).toBe(303);
    expect(planReceipt.headers.get('location')).toBe(
      stripe.invoices.get(subscription.latest_invoice)!.hosted_invoice_url,
    );

    // A renewal's invoice.paid, twice: one more payment.
    const invoiceId = stripe.renewSubscription(subscription.id);
    const paid = stripe.event('invoice.paid', stripe.invoice(invoiceId, subscription.id));
    expect((await webhook(paid)).status).toBe(200);
    expect((await webhook(stripe.event('invoice.paid', stripe.invoice(invoiceId, subscription.id)))).status).toBe(200);
    entries = await history();
    expect(entries.filter((e) => e.kind === 'plan_payment')).toHaveLength(2);

    // A lead paid by card, then refunded.
    const { leadId, deliveryId } = await awaitingDelivery(app, admin, c.id);
    const started = await app.client().post('/api/stripe/create-payment-intent', { leadId, contractorId: c.id });
    stripe.setIntent(started.body.paymentIntentId, { status: 'succeeded' });
    expect(
      (await app.client().post('/api/stripe/payment-success', { paymentIntentId: started.body.paymentIntentId }))
        .status,
    ).toBe(200);
    await app.ctx.db.insert(leadRefunds).values({
      deliveryId,
      cause: 'claim',
      method: 'card',
      status: 'pending',
      amountCents: 2500,
      paymentIntentId: started.body.paymentIntentId,
    });

    entries = await history();
    const leadPayment = entries.find((e) => e.kind === 'lead_payment')!;
    expect(leadPayment).toMatchObject({
      id: `lead-${deliveryId}`,
      leadId,
      amount: '25.00',
      method: 'card',
      status: 'succeeded',
    });
    const receipt = await c.client.get(leadPayment.receiptPath);
    expect(receipt.status).toBe(303);
    expect(receipt.headers.get('location')).toBe(
      `https://pay.stripe.com/receipts/payment/${started.body.paymentIntentId}`,
    );
    expect(
      stripe.requests.filter((r) => r.path === `/v1/payment_intents/${started.body.paymentIntentId}`).at(-1)!.body,
    ).toEqual({ expand: ['latest_charge'] });
    expect(entries.find((e) => e.kind === 'refund')).toMatchObject({
      leadId,
      amount: '25.00',
      method: 'card',
      status: 'pending',
    });

    // Another contractor's entry is not theirs to open.
    const other = await newContractor();
    expect((await other.client.get(leadPayment.receiptPath)).status).toBe(404);
    expect((await other.client.get('/api/contractor/payments')).body).toEqual([]);
    expect((await c.client.get('/api/contractor/payments/nonsense/receipt')).status).toBe(400);
  });
});
