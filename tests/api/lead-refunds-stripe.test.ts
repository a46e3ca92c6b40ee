import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractorAccounts, contractorBilling, paymentEvents } from '../../server/db/schema';
import { SUBMIT_REFUND } from '../../server/leads/refunds';
import { adminClient, contractorClient } from '../support/admin-session';
import { claimLead, emailsTo, openClaim, refundsOf } from '../support/claim-fixtures';
import { createContractor } from '../support/factories';
import type { TestClient } from '../support/http-client';
import { awaitingDelivery, deliveryRow } from '../support/payment-fixtures';
import { startStripeStandIn, type SignedEvent, type StripeStandIn } from '../support/stripe-stand-in';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Card refunds through Stripe Refunds (docs/decisions/0048-card-refunds.md), with the real SDK
 * against the local stand-in: created by a job with an idempotency key, confirmed by the provider's
 * answer or its charge.refunded event, whatever the order, replays and races.
 */

let app: TestApp;
let stripe: StripeStandIn;
let admin: TestClient;
let owner: { id: number; email: string; client: TestClient };

beforeAll(async () => {
  stripe = await startStripeStandIn('whsec_test');
  app = await startTestApp({ RATE_LIMIT: 'false', ...stripe.appEnv() });
  admin = await adminClient(app);
  const { id } = await createContractor(app.ctx.db);
  const client = await contractorClient(app, id);
  const [account] = await app.ctx.db.select().from(contractorAccounts).where(eq(contractorAccounts.contractorId, id));
  owner = { id, email: account!.email, client };
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
const approve = (claimId: number, client = admin) =>
  client.post(`/api/admin/lead-claims/${claimId}/approve`, { note: 'Confirmed.' });
const refundCreates = () => stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds');
const refundRow = async (deliveryId: number) => (await refundsOf(app, deliveryId))[0]!;

/** A lead paid by card through the stand-in (the success page reports it). */
async function paidDelivery(): Promise<{ deliveryId: number; paymentIntentId: string }> {
  await app.ctx.db
    .update(contractorBilling)
    .set({ bonusCredits: 0 })
    .where(eq(contractorBilling.contractorId, owner.id));
  const { leadId, deliveryId } = await awaitingDelivery(app, admin, owner.id);
  const started = await app.client().post('/api/stripe/create-payment-intent', { leadId, contractorId: owner.id });
  expect(started.status, started.text).toBe(200);
  const paymentIntentId: string = started.body.paymentIntentId;
  stripe.setIntent(paymentIntentId, { status: 'succeeded' });
  expect((await app.client().post('/api/stripe/payment-success', { paymentIntentId })).status).toBe(200);
  return { deliveryId, paymentIntentId };
}

/** A paid delivery whose claim the admin approved; the refund job has not run yet. */
async function approvedClaim() {
  const paid = await paidDelivery();
  const claimId = await openClaim(app, owner.client, paid.deliveryId);
  const res = await approve(claimId);
  expect(res.status, res.text).toBe(200);
  return { ...paid, claimId };
}

describe('card refunds with Stripe', () => {
  it('refunds an approved claim through Stripe Refunds once, and marks it refunded when charge.refunded confirms it', async () => {
    const { deliveryId, paymentIntentId, claimId } = await approvedClaim();
    const row = await refundRow(deliveryId);
    expect(row).toMatchObject({
      method: 'card',
      status: 'pending',
      amountCents: 2500,
      paymentIntentId,
      providerRefundId: null,
    });
    // Nothing is asked of Stripe inside the approval's transaction: a job does it after the commit.
    expect(stripe.refundsOf(paymentIntentId)).toEqual([]);

    await app.ctx.jobs.runPending();
    const [created] = refundCreates().slice(-1);
    expect(created).toMatchObject({
      idempotencyKey: `lead-refund-${row.id}`,
      body: {
        payment_intent: paymentIntentId,
        amount: '2500',
        reason: 'requested_by_customer',
        metadata: { leadRefundId: String(row.id), deliveryId: String(deliveryId) },
      },
    });
    const [refund] = stripe.refundsOf(paymentIntentId);
    // Stripe answered 'pending': the refund is not done until it says so.
    expect(await refundRow(deliveryId)).toMatchObject({ status: 'pending', providerRefundId: refund!.id });

    const early = stripe.event('charge.refunded', stripe.charge(paymentIntentId));
    expect((await webhook(early)).status).toBe(200);
    expect((await refundRow(deliveryId)).status).toBe('pending');

    stripe.setRefund(refund!.id, { status: 'succeeded' });
    const settled = stripe.event('charge.refunded', stripe.charge(paymentIntentId));
    expect((await webhook(settled)).status).toBe(200);
    const done = await refundRow(deliveryId);
    expect(done).toMatchObject({ status: 'succeeded', failureReason: null });
    expect(done.refundedAt).toBeInstanceOf(Date);
    expect((await admin.get(`/api/admin/lead-claims/${claimId}`)).body.refund).toMatchObject({
      method: 'card',
      status: 'succeeded',
      amount: '25.00',
    });

    // A replay is acknowledged and changes nothing.
    const replay = await webhook(settled);
    expect(replay.status).toBe(200);
    expect((await refundRow(deliveryId)).refundedAt).toEqual(done.refundedAt);
    expect(
      await app.ctx.db
        .select()
        .from(paymentEvents)
        .where(inArray(paymentEvents.id, [early.id, settled.id])),
    ).toHaveLength(2);
    expect(stripe.refundsOf(paymentIntentId)).toHaveLength(1);
    expect((await deliveryRow(app, deliveryId)).paymentState).toBe('paid');
  });

  it('records a refund Stripe answers as succeeded at once, and the later event changes nothing', async () => {
    stripe.refundStatus = 'succeeded';
    try {
      const { deliveryId, paymentIntentId } = await approvedClaim();
      await app.ctx.jobs.runPending();
      const row = await refundRow(deliveryId);
      expect(row.status).toBe('succeeded');
      expect((await webhook(stripe.event('charge.refunded', stripe.charge(paymentIntentId)))).status).toBe(200);
      expect(await refundRow(deliveryId)).toEqual(row);
    } finally {
      stripe.refundStatus = 'pending';
    }
  });

  it('makes one refund when two administrators approve at once and the job runs twice', async () => {
    const { deliveryId, paymentIntentId } = await paidDelivery();
    const claimId = await openClaim(app, owner.client, deliveryId);
    const other = await adminClient(app);
    const answers = await Promise.all([approve(claimId), approve(claimId, other)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const [row, ...more] = await refundsOf(app, deliveryId);
    expect(more).toEqual([]);
    // A job repeated (a crash after Stripe answered, before the row recorded it) asks with the same key.
    await app.ctx.jobs.send(SUBMIT_REFUND, { refundId: row!.id });
    await app.ctx.db.transaction((tx) => app.ctx.jobs.send(SUBMIT_REFUND, { refundId: row!.id }, tx));
    await app.ctx.jobs.runPending();
    expect(stripe.refundsOf(paymentIntentId)).toHaveLength(1);
    expect(
      new Set(
        refundCreates()
          .filter((r) => r.body.payment_intent === paymentIntentId)
          .map((r) => r.idempotencyKey),
      ),
    ).toEqual(new Set([`lead-refund-${row!.id}`]));
  });

  it('takes charge.refunded arriving before the job recorded Stripe’s answer, then the job refunds nothing more', async () => {
    const { deliveryId, paymentIntentId } = await approvedClaim();
    const row = await refundRow(deliveryId);
    // The job's call reached Stripe, and the process died before it stored the answer.
    const made = await app.ctx.payments.createRefund({
      paymentIntentId,
      amountCents: 2500,
      idempotencyKey: `lead-refund-${row.id}`,
      metadata: { leadRefundId: String(row.id), deliveryId: String(deliveryId) },
    });
    stripe.setRefund(made.id, { status: 'succeeded' });
    expect((await webhook(stripe.event('charge.refunded', stripe.charge(paymentIntentId)))).status).toBe(200);
    expect(await refundRow(deliveryId)).toMatchObject({ status: 'succeeded', providerRefundId: made.id });

    // The retried job finds the refund done; Stripe's refunds stay one.
    await app.ctx.jobs.runPending({ ignoreDelay: true });
    expect(stripe.refundsOf(paymentIntentId)).toHaveLength(1);
    expect(await refundRow(deliveryId)).toMatchObject({ status: 'succeeded', providerRefundId: made.id });

    // An older event about the same refund, delivered late, reads the current state and changes nothing.
    expect(
      (
        await webhook(
          stripe.event('charge.refund.updated', { ...stripe.refundsOf(paymentIntentId)[0], status: 'pending' }),
        )
      ).status,
    ).toBe(200);
    expect((await refundRow(deliveryId)).status).toBe('succeeded');
  });

  it('retries while Stripe does not answer, and records a refusal as failed and tells the administrator', async () => {
    const first = await approvedClaim();
    stripe.failNext(1);
    await app.ctx.jobs.runPending();
    expect(await refundRow(first.deliveryId)).toMatchObject({ status: 'pending', providerRefundId: null });
    await app.ctx.jobs.runPending({ ignoreDelay: true });
    expect((await refundRow(first.deliveryId)).providerRefundId).toEqual(expect.stringMatching(/^re_/));

    // Refunded in Stripe's dashboard meanwhile: nothing is left to refund, which no retry changes.
    const second = await approvedClaim();
    await app.ctx.payments.createRefund({
      paymentIntentId: second.paymentIntentId,
      amountCents: 2500,
      idempotencyKey: 'dashboard',
      metadata: { leadRefundId: '', deliveryId: '' },
    });
    const noticesBefore = (await emailsTo(app, 'admin@outbox.local', 'refund-failed')).length;
    await app.ctx.jobs.runPending();
    const failed = await refundRow(second.deliveryId);
    expect(failed).toMatchObject({ status: 'failed', providerRefundId: null });
    expect(failed.failureReason).toContain('greater than unrefunded amount');
    const notices = await emailsTo(app, 'admin@outbox.local', 'refund-failed');
    expect(notices.length).toBe(noticesBefore + 1);
    expect(notices[0]!.textBody).toContain(second.paymentIntentId);
    // Not retried: Stripe is asked no more.
    const asked = refundCreates().filter((r) => r.body.payment_intent === second.paymentIntentId).length;
    await app.ctx.jobs.runPending({ ignoreDelay: true });
    expect(refundCreates().filter((r) => r.body.payment_intent === second.paymentIntentId).length).toBe(asked);
    expect((await refundRow(second.deliveryId)).status).toBe('failed');
    expect((await admin.get(`/api/admin/lead-claims/${second.claimId}`)).body.refund).toMatchObject({
      status: 'failed',
      failureReason: expect.stringContaining('greater than'),
    });
  });

  it('marks a refund that fails later at the card network as failed, on charge.refund.updated', async () => {
    const { deliveryId, paymentIntentId } = await approvedClaim();
    await app.ctx.jobs.runPending();
    const [refund] = stripe.refundsOf(paymentIntentId);
    stripe.setRefund(refund!.id, { status: 'succeeded' });
    await webhook(stripe.event('charge.refunded', stripe.charge(paymentIntentId)));
    expect((await refundRow(deliveryId)).status).toBe('succeeded');

    stripe.setRefund(refund!.id, { status: 'failed', failure_reason: 'expired_or_canceled_card' });
    const event = stripe.event('charge.refund.updated', stripe.refundsOf(paymentIntentId)[0]!);
    expect((await webhook(event)).status).toBe(200);
    expect(await refundRow(deliveryId)).toMatchObject({ status: 'failed', failureReason: 'expired_or_canceled_card' });
    expect((await emailsTo(app, 'admin@outbox.local', 'refund-failed'))[0]!.textBody).toContain(
      'expired_or_canceled_card',
    );
    // Once failed, a replay tells the administrator nothing new.
    const notices = (await emailsTo(app, 'admin@outbox.local', 'refund-failed')).length;
    await webhook(stripe.event('charge.refund.updated', stripe.refundsOf(paymentIntentId)[0]!));
    expect((await emailsTo(app, 'admin@outbox.local', 'refund-failed')).length).toBe(notices);
  });

  it('refunds a cancelled paid delivery to the card the same way', async () => {
    const { deliveryId, paymentIntentId } = await paidDelivery();
    const res = await admin.post(`/api/lead-deliveries/${deliveryId}/cancel`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.refund).toMatchObject({ method: 'card', cause: 'cancellation', status: 'pending' });
    await app.ctx.jobs.runPending();
    const [refund] = stripe.refundsOf(paymentIntentId);
    expect(refund).toMatchObject({ amount: 2500, metadata: { deliveryId: String(deliveryId) } });
    stripe.setRefund(refund!.id, { status: 'succeeded' });
    await webhook(stripe.event('charge.refunded', stripe.charge(paymentIntentId)));
    expect(await refundRow(deliveryId)).toMatchObject({ cause: 'cancellation', status: 'succeeded' });
    expect((await claimLead(owner.client, deliveryId)).status).toBe(404);
  });

  it('acknowledges refund events that are not ours and changes nothing', async () => {
    const { deliveryId, paymentIntentId } = await paidDelivery();
    // A refund made in Stripe's dashboard carries none of our metadata.
    await app.ctx.payments.createRefund({
      paymentIntentId,
      amountCents: 500,
      idempotencyKey: 'dashboard-partial',
      metadata: { leadRefundId: 'x', deliveryId: 'y' },
    });
    for (const event of [
      stripe.event('charge.refunded', stripe.charge(paymentIntentId)),
      stripe.event('charge.refunded', { id: 'ch_unknown', object: 'charge', payment_intent: null }),
      stripe.event('charge.refunded', { id: 'ch_other', object: 'charge', payment_intent: 'pi_not_ours' }),
    ]) {
      const res = await webhook(event);
      expect(res.status, res.text).toBe(200);
      expect(await app.ctx.db.select().from(paymentEvents).where(eq(paymentEvents.id, event.id))).toHaveLength(1);
    }
    expect(await refundsOf(app, deliveryId)).toEqual([]);
  });
});
