import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractorBilling, outboxEmails, reviewRequests } from '../../server/db/schema';
import { adminClient } from '../support/admin-session';
import { createContractor } from '../support/factories';
import type { TestClient } from '../support/http-client';
import { awaitingDelivery, newLead } from '../support/payment-fixtures';
import { startStripeStandIn, type SignedEvent, type StripeStandIn } from '../support/stripe-stand-in';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The homeowner's follow-up is queued by every path that settles a delivery
 * (docs/decisions/0050-review-follow-up.md): a credit at delivery, a payment the administrator
 * records, a card payment confirmed by the success page or by the webhook. Default FOLLOW_UP_DELAY
 * (7 days); Stripe through its stand-in.
 */

let app: TestApp;
let stripe: StripeStandIn;
let admin: TestClient;
let buyerId: number;
const DAY_MS = 86_400_000;

beforeAll(async () => {
  stripe = await startStripeStandIn('whsec_test');
  app = await startTestApp({ RATE_LIMIT: 'false', ...stripe.appEnv() });
  admin = await adminClient(app);
  buyerId = (await createContractor(app.ctx.db)).id;
});
afterAll(async () => {
  await app?.close();
  await stripe?.close();
});

const startPayment = (leadId: number) =>
  app.client().post('/api/stripe/create-payment-intent', { leadId, contractorId: buyerId });
const claimSuccess = (paymentIntentId: string) => app.client().post('/api/stripe/payment-success', { paymentIntentId });
const webhook = (event: SignedEvent) =>
  app.client().request('POST', '/api/stripe/webhook', undefined, {
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': event.signature },
    raw: event.payload,
  });

/** The follow-up jobs queued for a delivery, with when each becomes due. */
async function followUpJobs(deliveryId: number): Promise<Date[]> {
  const res = await app.ctx.db.execute(
    sql`select start_after from pgboss.job where name = 'review-follow-up' and (data->>'deliveryId')::int = ${deliveryId}`,
  );
  return (res as unknown as { rows: { start_after: string | Date }[] }).rows.map((r) => new Date(r.start_after));
}

async function expectOneFollowUpInSevenDays(deliveryId: number) {
  const jobs = await followUpJobs(deliveryId);
  expect(jobs, `follow-ups of delivery ${deliveryId}`).toHaveLength(1);
  expect(Math.abs(jobs[0]!.getTime() - (Date.now() + 7 * DAY_MS))).toBeLessThan(5 * 60_000);
}

describe('the follow-up is queued where a delivery is settled', () => {
  const settled: number[] = [];

  it('with a plan credit, at delivery', async () => {
    await app.ctx.db
      .update(contractorBilling)
      .set({ subscriptionPlan: 'free', monthlyLeadsUsed: 0, creditsPeriodStart: new Date() })
      .where(eq(contractorBilling.contractorId, buyerId));
    const leadId = await newLead(app, buyerId);
    const res = await admin.post('/api/lead-deliveries', { leadId, contractorId: buyerId });
    expect(res.body.paymentState).toBe('credited');
    await expectOneFollowUpInSevenDays(res.body.id);
    settled.push(res.body.id);
  });

  it('not while a delivery awaits payment', async () => {
    const { deliveryId } = await awaitingDelivery(app, admin, buyerId);
    expect(await followUpJobs(deliveryId)).toEqual([]);
  });

  it('with a payment the administrator records', async () => {
    const { deliveryId } = await awaitingDelivery(app, admin, buyerId);
    expect((await admin.post(`/api/lead-deliveries/${deliveryId}/pay`)).status).toBe(200);
    await expectOneFollowUpInSevenDays(deliveryId);
    settled.push(deliveryId);
  });

  it('with a card payment the success page confirms', async () => {
    const { leadId, deliveryId } = await awaitingDelivery(app, admin, buyerId);
    const { paymentIntentId } = (await startPayment(leadId)).body;
    stripe.setIntent(paymentIntentId, { status: 'succeeded' });
    expect((await claimSuccess(paymentIntentId)).status).toBe(200);
    await expectOneFollowUpInSevenDays(deliveryId);
    settled.push(deliveryId);
  });

  it('with a card payment the webhook reports, once when the page and webhooks race', async () => {
    const { leadId, deliveryId } = await awaitingDelivery(app, admin, buyerId);
    const { paymentIntentId } = (await startPayment(leadId)).body;
    const pi = stripe.setIntent(paymentIntentId, { status: 'succeeded' });
    const event = stripe.event('payment_intent.succeeded', pi);
    const results = await Promise.all([
      webhook(event),
      claimSuccess(paymentIntentId),
      webhook(stripe.event('payment_intent.succeeded', pi)),
      webhook(event),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    await expectOneFollowUpInSevenDays(deliveryId);
    settled.push(deliveryId);
  });

  it('sends nothing before it is due, then one email for each settled delivery', async () => {
    await app.ctx.jobs.runPending();
    const requests = async () =>
      (await app.ctx.db.select().from(reviewRequests)).filter((r) => settled.includes(r.deliveryId));
    expect(await requests()).toEqual([]);
    // A week on (the queue is told to ignore the delay), each goes out once.
    await app.ctx.jobs.runPending({ ignoreDelay: true });
    expect((await requests()).map((r) => r.status)).toEqual(['sent', 'sent', 'sent', 'sent']);
    const emails = await app.ctx.db.select().from(outboxEmails).where(eq(outboxEmails.kind, 'review-request'));
    for (const id of settled)
      expect(
        emails.filter((e) => e.textBody.includes(`/review/${id}.`)),
        `delivery ${id}`,
      ).toHaveLength(1);
  });
});
