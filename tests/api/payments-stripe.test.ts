import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contractorAccounts,
  contractorBilling,
  leadDeliveries,
  paymentEvents,
  pricingRules,
} from '../../server/db/schema';
import { adminClient, contractorClient } from '../support/admin-session';
import { createContractor } from '../support/factories';
import type { TestClient } from '../support/http-client';
import {
  awaitingDelivery,
  billingRow,
  CUSTOMER,
  deliveryRow,
  newLead,
  portalLead,
  receiptsTo,
} from '../support/payment-fixtures';
import { startStripeStandIn, type SignedEvent, type StripeStandIn } from '../support/stripe-stand-in';
import { startTestApp, type TestApp } from '../support/test-app';

/** The Stripe provider, through the real SDK, against a local stand-in (docs/decisions/0007-payment-provider.md). */

let app: TestApp;
let stripe: StripeStandIn;
let admin: TestClient;
let buyer: { id: number; email: string; client: TestClient };

beforeAll(async () => {
  stripe = await startStripeStandIn('whsec_test');
  app = await startTestApp({ RATE_LIMIT: 'false', ...stripe.appEnv() });
  admin = await adminClient(app);
  const { id } = await createContractor(app.ctx.db);
  const client = await contractorClient(app, id);
  // Email goes to the portal account's address.
  const [account] = await app.ctx.db.select().from(contractorAccounts).where(eq(contractorAccounts.contractorId, id));
  buyer = { id, email: account!.email, client };
});
afterAll(async () => {
  await app?.close();
  await stripe?.close();
});

const startPayment = (leadId: number, contractorId: number, extra: Record<string, unknown> = {}) =>
  app.client().post('/api/stripe/create-payment-intent', { leadId, contractorId, ...extra });
const claimSuccess = (paymentIntentId: string) => app.client().post('/api/stripe/payment-success', { paymentIntentId });
const webhook = (event: SignedEvent, signature = event.signature) =>
  app.client().request('POST', '/api/stripe/webhook', undefined, {
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
    raw: event.payload,
  });
const recordedEvents = async (ids: string[]) =>
  app.ctx.db.select().from(paymentEvents).where(inArray(paymentEvents.id, ids));

describe('lead purchase with Stripe', () => {
  it('charges the price stored on the delivery, whatever the body says, and shows only the first name', async () => {
    const [rule] = await app.ctx.db
      .insert(pricingRules)
      .values({ ruleType: 'contractor', ruleValue: String(buyer.id), leadPriceCents: 4100, priority: 9 })
      .returning();
    try {
      const { leadId, deliveryId } = await awaitingDelivery(app, admin, buyer.id);
      const res = await startPayment(leadId, buyer.id, { amount: 1, price: '0.01', priceCents: 1 });
      expect(res.status, res.text).toBe(200);
      const intent = stripe.intents.get(res.body.paymentIntentId)!;
      expect(res.body).toEqual({
        clientSecret: intent.client_secret,
        paymentIntentId: intent.id,
        leadDetails: {
          customerName: 'Dana',
          serviceNeeded: 'Kitchen Remodeling',
          location: 'Laporte, PA',
          price: '41.00',
        },
        provider: 'stripe',
      });
      for (const hidden of ['Homeowner', CUSTOMER.email, CUSTOMER.phone]) expect(res.text).not.toContain(hidden);

      const created = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents').at(-1)!;
      expect(created.body).toMatchObject({
        amount: '4100',
        currency: 'usd',
        automatic_payment_methods: { enabled: 'true' },
        metadata: { deliveryId: String(deliveryId), leadId: String(leadId), contractorId: String(buyer.id) },
      });
      expect(created.idempotencyKey).toBe(`lead-delivery-${deliveryId}-4100`);
      expect((await deliveryRow(app, deliveryId)).paymentIntentId).toBe(intent.id);
    } finally {
      await app.ctx.db.delete(pricingRules).where(eq(pricingRules.id, rule!.id));
    }
  });

  it('answers a reload with the same intent', async () => {
    const { leadId } = await awaitingDelivery(app, admin, buyer.id);
    const before = stripe.intents.size;
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push((await startPayment(leadId, buyer.id)).body);
    expect(new Set(answers.map((a) => a.paymentIntentId)).size).toBe(1);
    expect(new Set(answers.map((a) => a.clientSecret)).size).toBe(1);
    expect(stripe.intents.size).toBe(before + 1);
  });

  it('unlocks nothing on a claim of success the provider does not confirm', async () => {
    const { leadId, deliveryId } = await awaitingDelivery(app, admin, buyer.id);
    const { paymentIntentId } = (await startPayment(leadId, buyer.id)).body;
    const receiptsBefore = (await receiptsTo(app, buyer.email)).length;

    stripe.setIntent(paymentIntentId, {
      status: 'requires_payment_method',
      last_payment_error: { message: 'Your card was declined.' },
    });
    const failed = await claimSuccess(paymentIntentId);
    expect(failed.status).toBe(409);
    expect(failed.body.message).toBe('Payment has not succeeded');

    stripe.setIntent(paymentIntentId, { status: 'succeeded', amount: 100 });
    const cheaper = await claimSuccess(paymentIntentId);
    expect(cheaper.status).toBe(409);
    expect(cheaper.body.message).toBe('Payment does not match this lead');

    stripe.setIntent(paymentIntentId, { amount: 2500, currency: 'eur' });
    expect((await claimSuccess(paymentIntentId)).status).toBe(409);

    // A succeeded intent made elsewhere that names this delivery is not this delivery's intent.
    const stranger = stripe.createIntent({
      amount: 2500,
      status: 'succeeded',
      metadata: { deliveryId: String(deliveryId), leadId: String(leadId), contractorId: String(buyer.id) },
    });
    expect((await claimSuccess(stranger.id)).status).toBe(409);
    expect((await claimSuccess('pi_does_not_exist')).status).toBe(404);

    expect((await deliveryRow(app, deliveryId)).paymentState).toBe('awaiting_payment');
    expect((await receiptsTo(app, buyer.email)).length).toBe(receiptsBefore);
    expect((await portalLead(buyer.client, deliveryId)).customer).toBeNull();

    // Once the provider says it succeeded, for the right amount, the lead is paid.
    stripe.setIntent(paymentIntentId, { currency: 'usd' });
    const paid = await claimSuccess(paymentIntentId);
    expect(paid.status).toBe(200);
    expect(paid.body).toEqual({ status: 'paid', leadId, contractorId: buyer.id });
    expect((await portalLead(buyer.client, deliveryId)).customer).toEqual(CUSTOMER);
    expect((await receiptsTo(app, buyer.email)).length).toBe(receiptsBefore + 1);
  });

  it('pays once when the success page and the webhook race: one receipt', async () => {
    const { leadId, deliveryId } = await awaitingDelivery(app, admin, buyer.id);
    const { paymentIntentId } = (await startPayment(leadId, buyer.id)).body;
    const pi = stripe.setIntent(paymentIntentId, { status: 'succeeded' });
    const receiptsBefore = (await receiptsTo(app, buyer.email)).length;

    const results = await Promise.all([
      claimSuccess(paymentIntentId),
      webhook(stripe.event('payment_intent.succeeded', pi)),
      claimSuccess(paymentIntentId),
      webhook(stripe.event('payment_intent.succeeded', pi)),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(results[0]!.body).toEqual({ status: 'paid', leadId, contractorId: buyer.id });

    const row = await deliveryRow(app, deliveryId);
    expect(row.paymentState).toBe('paid');
    expect(row.paidAt).toBeInstanceOf(Date);
    const receipts = await receiptsTo(app, buyer.email);
    expect(receipts.length).toBe(receiptsBefore + 1);
    expect(receipts.at(-1)!.textBody).toContain(CUSTOMER.phone);
  });

  it('settles the payment from the webhook alone when the page never reports back', async () => {
    const { leadId, deliveryId } = await awaitingDelivery(app, admin, buyer.id);
    const { paymentIntentId } = (await startPayment(leadId, buyer.id)).body;
    const pi = stripe.setIntent(paymentIntentId, { status: 'succeeded' });
    expect((await webhook(stripe.event('payment_intent.succeeded', pi))).status).toBe(200);
    expect((await deliveryRow(app, deliveryId)).paymentState).toBe('paid');
  });

  it('refuses to start a payment for a lead paid, credited, cancelled or not delivered to that contractor', async () => {
    const paid = await awaitingDelivery(app, admin, buyer.id);
    await admin.post(`/api/lead-deliveries/${paid.deliveryId}/pay`);
    const again = await startPayment(paid.leadId, buyer.id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This lead has already been paid for');

    await app.ctx.db
      .update(contractorBilling)
      .set({ monthlyLeadsUsed: 0, subscriptionPlan: 'free' })
      .where(eq(contractorBilling.contractorId, buyer.id));
    const lead = await newLead(app, buyer.id);
    expect((await admin.post('/api/lead-deliveries', { leadId: lead, contractorId: buyer.id })).body.paymentState).toBe(
      'credited',
    );
    const credited = await startPayment(lead, buyer.id);
    expect(credited.status).toBe(409);
    expect(credited.body.message).toBe('This lead was taken from a plan credit');

    const cancelled = await awaitingDelivery(app, admin, buyer.id);
    await app.ctx.db
      .update(leadDeliveries)
      .set({ paymentState: 'cancelled', cancelledAt: new Date() })
      .where(eq(leadDeliveries.id, cancelled.deliveryId));
    const cancelledAnswer = await startPayment(cancelled.leadId, buyer.id);
    expect(cancelledAnswer.status).toBe(409);
    expect(cancelledAnswer.body.message).toBe('This delivery was cancelled');

    const other = await createContractor(app.ctx.db);
    const notTheirs = await startPayment(paid.leadId, other.id);
    expect(notTheirs.status).toBe(404);
    expect(notTheirs.body.message).toBe('No delivery of this lead to this contractor');
    const bad = await app.client().post('/api/stripe/create-payment-intent', { leadId: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Lead ID and Contractor ID are required.');
  });
});

describe('Stripe webhooks', () => {
  it('refuses a bad signature with 400 and writes nothing', async () => {
    const { leadId, deliveryId } = await awaitingDelivery(app, admin, buyer.id);
    const { paymentIntentId } = (await startPayment(leadId, buyer.id)).body;
    const pi = stripe.setIntent(paymentIntentId, { status: 'succeeded' });
    const event = stripe.event('payment_intent.succeeded', pi);
    const forged = stripe.event('payment_intent.succeeded', pi, { id: event.id, secret: 'whsec_someone_else' });

    for (const res of [
      await webhook(forged),
      await webhook(event, 't=1,v1=deadbeef'),
      await webhook({ ...event, payload: event.payload.replace('"livemode":false', '"livemode":true') }),
      await app.client().request('POST', '/api/stripe/webhook', undefined, {
        headers: { 'Content-Type': 'application/json' },
        raw: event.payload,
      }),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: 'Invalid signature' });
    }
    expect(await recordedEvents([event.id])).toEqual([]);
    expect((await deliveryRow(app, deliveryId)).paymentState).toBe('awaiting_payment');
  });

  it('leaves an event it could not apply unrecorded, so the retry applies it', async () => {
    const { leadId, deliveryId } = await awaitingDelivery(app, admin, buyer.id);
    const { paymentIntentId } = (await startPayment(leadId, buyer.id)).body;
    const event = stripe.event('payment_intent.succeeded', stripe.setIntent(paymentIntentId, { status: 'succeeded' }));
    stripe.failNext(1);
    const failed = await webhook(event);
    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect(failed.text).not.toMatch(/at .*\.ts:\d+/);
    expect(await recordedEvents([event.id])).toEqual([]);
    expect((await deliveryRow(app, deliveryId)).paymentState).toBe('awaiting_payment');

    expect((await webhook(event)).status).toBe(200);
    expect((await deliveryRow(app, deliveryId)).paymentState).toBe('paid');
    expect(await recordedEvents([event.id])).toHaveLength(1);
  });

  it('acknowledges event types it does not handle, and records them', async () => {
    const event = stripe.event('customer.created', { id: 'cus_unrelated', object: 'customer' });
    const res = await webhook(event);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true });
    expect(await recordedEvents([event.id])).toMatchObject([{ id: event.id, type: 'customer.created' }]);
  });
});

describe('subscriptions with Stripe', () => {
  let subscriber: { id: number; client: TestClient; accountEmail: string };
  beforeAll(async () => {
    const { id } = await createContractor(app.ctx.db);
    const client = await contractorClient(app, id);
    const [account] = await app.ctx.db.select().from(contractorAccounts).where(eq(contractorAccounts.contractorId, id));
    subscriber = { id, client, accountEmail: account!.email };
  });

  /** Starts a checkout as this contractor; returns the stand-in's session. */
  async function checkout(client: TestClient, planId: 'pro' | 'premium') {
    const res = await client.post('/api/stripe/create-subscription', { planId });
    expect(res.status, res.text).toBe(200);
    const session = [...stripe.sessions.values()].find((s) => s.url === res.body.subscriptionUrl)!;
    expect(session).toBeDefined();
    return session;
  }

  it('create-subscription is for signed-in contractors, and not for the free plan', async () => {
    expect((await app.client().post('/api/stripe/create-subscription', { planId: 'pro' })).status).toBe(401);
    expect((await admin.post('/api/stripe/create-subscription', { planId: 'pro' })).status).toBe(403);
    const free = await subscriber.client.post('/api/stripe/create-subscription', { planId: 'free' });
    expect(free.status).toBe(400);
    expect(free.body.message).toBe("You're already on the free plan");
    expect((await subscriber.client.post('/api/stripe/create-subscription', { planId: 'gold' })).status).toBe(400);
  });

  it('activates Pro after checkout: 9 credits, not featured', async () => {
    await app.ctx.db
      .update(contractorBilling)
      .set({ monthlyLeadsUsed: 2 })
      .where(eq(contractorBilling.contractorId, subscriber.id));
    const session = await checkout(subscriber.client, 'pro');
    expect(session).toMatchObject({
      mode: 'subscription',
      line_items: [{ price: 'price_pro', quantity: 1 }],
      client_reference_id: String(subscriber.id),
      customer_email: subscriber.accountEmail,
      customer: null,
      metadata: { contractorId: String(subscriber.id), planId: 'pro' },
      subscription_data: { metadata: { contractorId: String(subscriber.id), planId: 'pro' } },
      success_url: `${app.url}/subscription-success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${app.url}/contractor-pricing`,
    });

    const early = await app.client().post('/api/stripe/verify-subscription', { sessionId: session.id });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('This checkout has not completed');
    expect((await app.client().post('/api/stripe/verify-subscription', { sessionId: 'cs_test_unknown' })).status).toBe(
      404,
    );

    const { subscription } = stripe.completeSession(session.id);
    const res = await app.client().post('/api/stripe/verify-subscription', { sessionId: session.id });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      plan: 'pro',
      planName: 'Pro',
      status: 'active',
      currentPeriodEnd: new Date(subscription.items.data[0].current_period_end * 1000).toISOString(),
    });

    const sub = (await subscriber.client.get('/api/contractor/subscription')).body;
    expect(sub).toMatchObject({
      plan: 'pro',
      status: 'active',
      featured: false,
      credits: { total: 9, used: 0, left: 9, low: false },
    });
    expect(await billingRow(app, subscriber.id)).toMatchObject({
      stripeSubscriptionId: subscription.id,
      stripeCustomerId: subscription.customer,
      creditsResetKey: subscription.latest_invoice,
    });

    // The success page reloaded, or the webhook after it: the same period's credits stay used.
    await app.ctx.db
      .update(contractorBilling)
      .set({ monthlyLeadsUsed: 3 })
      .where(eq(contractorBilling.contractorId, subscriber.id));
    expect((await app.client().post('/api/stripe/verify-subscription', { sessionId: session.id })).status).toBe(200);
    expect((await webhook(stripe.event('checkout.session.completed', session))).status).toBe(200);
    expect((await billingRow(app, subscriber.id)).monthlyLeadsUsed).toBe(3);
    const samePlan = await subscriber.client.post('/api/stripe/create-subscription', { planId: 'pro' });
    expect(samePlan.status).toBe(409);
  });

  it('upgrades to Premium: featured first in the directory, the Pro subscription cancelled', async () => {
    const pro = await billingRow(app, subscriber.id);
    const session = await checkout(subscriber.client, 'premium');
    // One contractor stays one customer.
    expect(session).toMatchObject({
      customer: pro.stripeCustomerId,
      customer_email: null,
      line_items: [{ price: 'price_premium', quantity: 1 }],
    });
    const { subscription } = stripe.completeSession(session.id);
    const res = await app.client().post('/api/stripe/verify-subscription', { sessionId: session.id });
    expect(res.body).toMatchObject({ plan: 'premium', planName: 'Premium', status: 'active' });

    expect(stripe.subscriptions.get(pro.stripeSubscriptionId!)!.status).toBe('canceled');
    const row = await billingRow(app, subscriber.id);
    expect(row).toMatchObject({
      subscriptionPlan: 'premium',
      isFeatured: true,
      stripeSubscriptionId: subscription.id,
      monthlyLeadsUsed: 0,
    });
    const listing = await app.client().get('/api/contractors?sort=featured');
    expect(listing.status).toBe(200);
    expect(listing.body.contractors[0]).toMatchObject({ id: subscriber.id, featured: true });

    // The old subscription's news, late, changes nothing.
    const old = stripe.subscriptions.get(pro.stripeSubscriptionId!)!;
    expect((await webhook(stripe.event('customer.subscription.deleted', old))).status).toBe(200);
    expect(
      (await webhook(stripe.event('invoice.payment_failed', stripe.invoice(old.latest_invoice, old.id)))).status,
    ).toBe(200);
    expect(await billingRow(app, subscriber.id)).toMatchObject({
      subscriptionPlan: 'premium',
      subscriptionStatus: 'active',
      isFeatured: true,
    });
  });

  it('goes back to Free when the subscription is deleted: featured off', async () => {
    const { stripeSubscriptionId } = await billingRow(app, subscriber.id);
    const sub = stripe.updateSubscription(stripeSubscriptionId!, { status: 'canceled' });
    expect((await webhook(stripe.event('customer.subscription.deleted', sub))).status).toBe(200);

    const row = await billingRow(app, subscriber.id);
    expect(row).toMatchObject({ subscriptionPlan: 'free', subscriptionStatus: 'canceled', isFeatured: false });
    const monthStart = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1));
    expect(row.creditsPeriodStart.toISOString()).toBe(monthStart.toISOString());
    const listing = await app.client().get('/api/contractors?sort=featured');
    expect(listing.body.contractors.find((c: { id: number }) => c.id === subscriber.id)).toMatchObject({
      featured: false,
    });
    expect(listing.body.contractors[0].id).not.toBe(subscriber.id);
  });

  it('marks a subscription past_due when an invoice payment fails', async () => {
    const premium = await createContractor(app.ctx.db);
    const client = await contractorClient(app, premium.id);
    const session = await checkout(client, 'premium');
    const { subscription } = stripe.completeSession(session.id);
    expect((await webhook(stripe.event('checkout.session.completed', session))).status).toBe(200);
    expect(await billingRow(app, premium.id)).toMatchObject({
      subscriptionPlan: 'premium',
      subscriptionStatus: 'active',
      isFeatured: true,
    });

    stripe.updateSubscription(subscription.id, { status: 'past_due' });
    expect(
      (
        await webhook(
          stripe.event('invoice.payment_failed', stripe.invoice(subscription.latest_invoice, subscription.id)),
        )
      ).status,
    ).toBe(200);
    expect(await billingRow(app, premium.id)).toMatchObject({
      subscriptionPlan: 'premium',
      subscriptionStatus: 'past_due',
      isFeatured: false,
    });
    expect((await client.get('/api/contractor/profile')).body.subscriptionStatus).toBe('past_due');
  });

  it('reaches the same state from replayed and reversed events, resetting credits once per invoice', async () => {
    const people = [await createContractor(app.ctx.db), await createContractor(app.ctx.db)];
    const subs: { id: string; sessionEvent: SignedEvent; events: SignedEvent[] }[] = [];
    for (const p of people) {
      const client = await contractorClient(app, p.id);
      const session = await checkout(client, 'pro');
      const { subscription } = stripe.completeSession(session.id);
      subs.push({
        id: subscription.id,
        sessionEvent: stripe.event('checkout.session.completed', session),
        events: [
          stripe.event('customer.subscription.created', subscription),
          stripe.event('invoice.paid', stripe.invoice(subscription.latest_invoice, subscription.id)),
          stripe.event('customer.subscription.updated', subscription),
        ],
      });
    }
    const [forward, reversed] = subs as [(typeof subs)[0], (typeof subs)[0]];
    const send = async (events: SignedEvent[]) => {
      for (const e of events) expect((await webhook(e)).status).toBe(200);
    };
    await send([forward.sessionEvent, ...forward.events]);
    await send([...reversed.events, reversed.sessionEvent].reverse());

    // Credits used this period survive every replay (ten times each event).
    const ids = people.map((p) => p.id);
    await app.ctx.db
      .update(contractorBilling)
      .set({ monthlyLeadsUsed: 4 })
      .where(inArray(contractorBilling.contractorId, ids));
    for (let i = 0; i < 10; i++) await send([forward.sessionEvent, ...forward.events, ...reversed.events]);
    expect((await Promise.all(ids.map((id) => billingRow(app, id)))).map((c) => c.monthlyLeadsUsed)).toEqual([4, 4]);
    expect(await recordedEvents(forward.events.map((e) => e.id))).toHaveLength(3);

    // A renewal: its invoice resets the credits once, in either order; a late old invoice does not.
    const renewals = subs.map((s) => {
      const invoiceId = stripe.renewSubscription(s.id);
      const sub = stripe.subscriptions.get(s.id)!;
      return {
        invoiceId,
        events: [
          stripe.event('customer.subscription.updated', sub),
          stripe.event('invoice.paid', stripe.invoice(invoiceId, s.id)),
        ],
        stale: stripe.event(
          'invoice.paid',
          stripe.invoice(s.events[1]!.payload.match(/"id":"(in_[0-9a-f]+)"/)![1]!, s.id),
        ),
        again: stripe.event('invoice.paid', stripe.invoice(invoiceId, s.id)),
      };
    });
    await send(renewals[0]!.events);
    await send([...renewals[1]!.events].reverse());
    expect((await Promise.all(ids.map((id) => billingRow(app, id)))).map((c) => c.monthlyLeadsUsed)).toEqual([0, 0]);
    await app.ctx.db
      .update(contractorBilling)
      .set({ monthlyLeadsUsed: 2 })
      .where(inArray(contractorBilling.contractorId, ids));
    for (const r of renewals) await send([r.stale, r.again, ...r.events]);

    const ends = await Promise.all(ids.map((id) => billingRow(app, id)));
    const shape = (c: (typeof ends)[0], i: number) => ({
      plan: c.subscriptionPlan,
      status: c.subscriptionStatus,
      featured: c.isFeatured,
      used: c.monthlyLeadsUsed,
      resetKey: c.creditsResetKey === renewals[i]!.invoiceId,
      subscription: c.stripeSubscriptionId === subs[i]!.id,
      periodEnd:
        c.currentPeriodEnd?.toISOString() ===
        new Date(stripe.subscriptions.get(subs[i]!.id)!.items.data[0].current_period_end * 1000).toISOString(),
    });
    expect(shape(ends[0]!, 0)).toEqual({
      plan: 'pro',
      status: 'active',
      featured: false,
      used: 2,
      resetKey: true,
      subscription: true,
      periodEnd: true,
    });
    expect(shape(ends[1]!, 1)).toEqual(shape(ends[0]!, 0));
  });

  it('tells the browser which provider to load', async () => {
    expect((await app.client().get('/api/payments/config')).body).toEqual({
      provider: 'stripe',
      publishableKey: 'pk_test_x',
    });
    // The demo's own endpoints do not exist beside Stripe.
    expect((await app.client().post('/api/demo-payments/demo_pi_00/confirm', { outcome: 'succeed' })).status).toBe(404);
  });
});
