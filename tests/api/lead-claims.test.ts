import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contractorAccounts,
  contractorBilling,
  demoPayments,
  leadClaims,
  leadDeliveries,
  leads,
  paymentEvents,
} from '../../server/db/schema';
import { adminClient, contractorClient } from '../support/admin-session';
import {
  bonusCredits,
  claimLead,
  claimOf,
  creditedDelivery,
  emailsTo,
  openClaim,
  refundsOf,
} from '../support/claim-fixtures';
import { createContractor } from '../support/factories';
import type { TestClient } from '../support/http-client';
import { awaitingDelivery, CUSTOMER, deliveryRow, newLead, portalLead } from '../support/payment-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

/** The lead guarantee on the demo provider, the default without Stripe keys (docs/decisions/0046-lead-guarantee.md). */

let app: TestApp;
let admin: TestClient;
let owner: { id: number; name: string; email: string; client: TestClient };
let stranger: TestClient;

beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT: 'false', FOLLOW_UP_DELAY: '0' });
  admin = await adminClient(app);
  const { id, name } = await createContractor(app.ctx.db);
  const client = await contractorClient(app, id);
  const [account] = await app.ctx.db.select().from(contractorAccounts).where(eq(contractorAccounts.contractorId, id));
  owner = { id, name, email: account!.email, client };
  stranger = await contractorClient(app, (await createContractor(app.ctx.db)).id);
});
afterAll(() => app?.close());

const approve = (id: number, body: unknown = {}, client = admin) =>
  client.post(`/api/admin/lead-claims/${id}/approve`, body);
const deny = (id: number, body: unknown, client = admin) => client.post(`/api/admin/lead-claims/${id}/deny`, body);
const cancel = (deliveryId: number) => admin.post(`/api/lead-deliveries/${deliveryId}/cancel`);
const setBilling = (values: Partial<typeof contractorBilling.$inferInsert>) =>
  app.ctx.db.update(contractorBilling).set(values).where(eq(contractorBilling.contractorId, owner.id));
const deliveredDaysAgo = (deliveryId: number, days: number) =>
  app.ctx.db
    .update(leadDeliveries)
    .set({ createdAt: new Date(Date.now() - days * 86_400_000) })
    .where(eq(leadDeliveries.id, deliveryId));

/** A lead delivered with no credits left and paid on the demo card form. */
async function paidDelivery(): Promise<{ leadId: number; deliveryId: number; paymentIntentId: string }> {
  await setBilling({ bonusCredits: 0 });
  const { leadId, deliveryId } = await awaitingDelivery(app, admin, owner.id);
  const started = await app.client().post('/api/stripe/create-payment-intent', { leadId, contractorId: owner.id });
  expect(started.status, started.text).toBe(200);
  const paymentIntentId: string = started.body.paymentIntentId;
  expect(
    (await app.client().post(`/api/demo-payments/${paymentIntentId}/confirm`, { outcome: 'succeed' })).body,
  ).toEqual({ status: 'succeeded' });
  expect((await deliveryRow(app, deliveryId)).paymentState).toBe('paid');
  return { leadId, deliveryId, paymentIntentId };
}

describe('claiming a bad lead', () => {
  it('claims a credited lead; the admin sees it open, approves it, and the credit comes back as a bonus credit', async () => {
    const { leadId, deliveryId } = await creditedDelivery(app, admin, owner.id);
    const before = await portalLead(owner.client, deliveryId);
    expect(before).toMatchObject({ claim: null, refund: null });
    const until = Date.parse((before as unknown as { claimUntil: string }).claimUntil);
    expect(
      Math.abs(until - (Date.parse((await deliveryRow(app, deliveryId)).createdAt.toISOString()) + 14 * 86_400_000)),
    ).toBeLessThan(1000);

    const claimed = await claimLead(owner.client, deliveryId, {
      reason: 'not_real',
      details: '  The homeowner says she never asked for a quote.  ',
    });
    expect(claimed.status, claimed.text).toBe(201);
    expect(claimed.body).toMatchObject({
      deliveryId,
      claimUntil: null,
      refund: null,
      claim: {
        reason: 'not_real',
        details: 'The homeowner says she never asked for a quote.',
        status: 'open',
        decidedAt: null,
        note: null,
      },
    });
    const [notice] = await emailsTo(app, 'admin@outbox.local', 'claim-notice');
    expect(notice!.subject).toBe('Lead claim: Not a real request (Kitchen Remodeling in Laporte, PA)');
    expect(notice!.textBody).toContain('The homeowner says she never asked for a quote.');
    expect(notice!.textBody).toContain(`${app.url}/admin/claims`);

    const list = await admin.get('/api/admin/lead-claims');
    expect(list.status).toBe(200);
    const listed = list.body.claims.find((c: { delivery: { id: number } }) => c.delivery.id === deliveryId);
    expect(listed).toMatchObject({
      status: 'open',
      reason: 'not_real',
      contractor: { id: owner.id, name: owner.name },
      lead: { id: leadId, name: 'Dana Homeowner', phone: '(570) 555-0142', serviceNeeded: 'Kitchen Remodeling' },
      delivery: { price: '25.00', paymentState: 'credited', paidByCard: false },
      refund: null,
      // The homeowner's follow-up (reviews feature) has not gone out yet.
      followUp: { request: 'pending', sentAt: null, answeredAt: null, contacted: null, hired: null, rating: null },
    });
    expect(list.body.counts.open).toBeGreaterThanOrEqual(1);

    const approved = await approve(listed.id, { note: 'The number was disconnected when we called.' });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body).toMatchObject({
      status: 'approved',
      note: 'The number was disconnected when we called.',
      decidedBy: expect.stringMatching(/^admin-/),
      refund: { method: 'credit', cause: 'claim', status: 'succeeded', amount: '25.00' },
    });
    expect(approved.body.decidedAt).toEqual(expect.any(String));
    expect(await bonusCredits(app, owner.id)).toBe(1);
    expect((await owner.client.get('/api/contractor/profile')).body).toMatchObject({ bonusCredits: 1 });
    expect((await owner.client.get('/api/contractor/subscription')).body).toMatchObject({ bonusCredits: 1 });
    expect(await portalLead(owner.client, deliveryId)).toMatchObject({
      claim: { status: 'approved', note: 'The number was disconnected when we called.' },
      refund: { method: 'credit', status: 'succeeded' },
    });

    const [decision] = await emailsTo(app, owner.email, 'claim-decision');
    expect(decision!.subject).toBe('Claim approved: Kitchen Remodeling in Laporte, PA');
    expect(decision!.textBody).toContain('bonus credit');
    expect(decision!.textBody).toContain('do not expire');
    expect(decision!.textBody).toContain('Note from the administrator: The number was disconnected when we called.');
  });

  it("shows the homeowner's follow-up answer beside the claim", async () => {
    const { deliveryId } = await creditedDelivery(app, admin, owner.id);
    const claimId = await openClaim(app, owner.client, deliveryId, { reason: 'not_real' });
    // FOLLOW_UP_DELAY=0 here: the follow-up goes out at once.
    await app.ctx.jobs.runPending();
    const asked = (await admin.get(`/api/admin/lead-claims/${claimId}`)).body.followUp;
    expect(asked).toMatchObject({ request: 'sent', sentAt: expect.any(String), answeredAt: null, contacted: null });

    const [email] = (await emailsTo(app, CUSTOMER.email, 'review-request')).filter((e) =>
      e.textBody.includes(`/review/${deliveryId}.`),
    );
    const token = email!.textBody.match(/\/review\/([\w.-]+)/)![1]!;
    const answered = await app
      .client()
      .post('/api/reviews', { token, contacted: false, hired: false, rating: 1, comment: 'Nobody ever called me.' });
    expect(answered.status, answered.text).toBe(201);
    const followUp = (await admin.get(`/api/admin/lead-claims/${claimId}`)).body.followUp;
    expect(followUp).toMatchObject({
      request: 'sent',
      answeredAt: expect.any(String),
      contacted: false,
      hired: false,
      rating: 1,
    });
    const listed = (await admin.get('/api/admin/lead-claims')).body.claims.find(
      (c: { id: number }) => c.id === claimId,
    );
    expect(listed.followUp).toEqual(followUp);
  });

  it("uses the plan's credits first and the bonus credit after them, which survives a new month", async () => {
    await setBilling({
      subscriptionPlan: 'free',
      monthlyLeadsUsed: 1,
      bonusCredits: 1,
      creditsPeriodStart: new Date(),
    });
    const deliver = async () => {
      const res = await admin.post('/api/lead-deliveries', {
        leadId: await newLead(app, owner.id),
        contractorId: owner.id,
      });
      expect(res.status, res.text).toBe(201);
      return res.body.paymentState;
    };
    // The plan's last credit of the month first: it would expire, the bonus one does not.
    expect(await deliver()).toBe('credited');
    expect(await bonusCredits(app, owner.id)).toBe(1);
    // A new month starts the plan's credits again and leaves the bonus credit alone.
    await setBilling({ creditsPeriodStart: new Date(Date.UTC(2020, 0, 1)) });
    expect((await owner.client.get('/api/contractor/profile')).body).toMatchObject({
      credits: { used: 0, total: 2 },
      bonusCredits: 1,
    });
    expect([await deliver(), await deliver()]).toEqual(['credited', 'credited']);
    expect(await bonusCredits(app, owner.id)).toBe(1);
    // Then the bonus credit, then nothing.
    expect(await deliver()).toBe('credited');
    expect(await bonusCredits(app, owner.id)).toBe(0);
    expect(await deliver()).toBe('awaiting_payment');
  });

  it('refunds a card payment through the demo provider, confirmed by its refund event', async () => {
    const { deliveryId, paymentIntentId } = await paidDelivery();
    const claimId = await openClaim(app, owner.client, deliveryId);
    const approved = await approve(claimId);
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body).toMatchObject({
      note: null,
      delivery: { paymentState: 'paid', paidByCard: true },
      refund: { method: 'card', status: 'pending', amount: '25.00' },
    });
    expect((await emailsTo(app, owner.email, 'claim-decision'))[0]!.textBody).toContain(
      'We are refunding the $25.00 you paid to your card.',
    );

    // The provider is asked by a job, after the approval committed.
    expect(await app.ctx.jobs.runPending()).toBeGreaterThanOrEqual(1);
    const [refund] = await refundsOf(app, deliveryId);
    expect(refund).toMatchObject({
      method: 'card',
      status: 'succeeded',
      paymentIntentId,
      providerRefundId: expect.stringMatching(/^demo_re_/),
    });
    expect(refund!.refundedAt).toBeInstanceOf(Date);
    const demoRefunds = await app.ctx.db.select().from(demoPayments).where(eq(demoPayments.kind, 'refund'));
    expect(demoRefunds.filter((r) => r.data.paymentIntentId === paymentIntentId)).toMatchObject([
      { status: 'succeeded', amountCents: 2500 },
    ]);
    expect(
      await app.ctx.db
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.id, `demo_evt_${refund!.providerRefundId}_refunded`)),
    ).toHaveLength(1);
    expect(await portalLead(owner.client, deliveryId)).toMatchObject({
      refund: { method: 'card', status: 'succeeded' },
    });
    // Nothing more to do: running the jobs again refunds nothing twice.
    await app.ctx.jobs.runPending();
    expect(
      (await app.ctx.db.select().from(demoPayments).where(eq(demoPayments.kind, 'refund'))).filter(
        (r) => r.data.paymentIntentId === paymentIntentId,
      ),
    ).toHaveLength(1);
  });

  it('approves a claim on a payment recorded outside the site: the administrator returns it the same way', async () => {
    await setBilling({ bonusCredits: 0 });
    const { deliveryId } = await awaitingDelivery(app, admin, owner.id);
    expect((await admin.post(`/api/lead-deliveries/${deliveryId}/pay`)).status).toBe(200);
    const claimId = await openClaim(app, owner.client, deliveryId);
    const approved = await approve(claimId);
    expect(approved.body).toMatchObject({
      delivery: { paymentState: 'paid', paidByCard: false },
      refund: { method: 'offline', status: 'succeeded', amount: '25.00' },
    });
    expect((await emailsTo(app, owner.email, 'claim-decision'))[0]!.textBody).toContain(
      'You paid $25.00 outside the site; it will be returned to you the same way.',
    );
    // Nothing for the payment provider to do.
    await app.ctx.jobs.runPending();
    expect(await refundsOf(app, deliveryId)).toMatchObject([
      { method: 'offline', status: 'succeeded', paymentIntentId: null, providerRefundId: null },
    ]);
  });

  it('denies with a note: nothing comes back, the contractor is told why, and the lead cannot be claimed again', async () => {
    const { deliveryId } = await creditedDelivery(app, admin, owner.id);
    const claimId = await openClaim(app, owner.client, deliveryId, { reason: 'outside_area' });

    const noNote = await deny(claimId, {});
    expect(noNote.status).toBe(400);
    expect(noNote.body.errors.note).toBe('Say why the claim is denied');
    expect((await deny(claimId, { note: '   ' })).status).toBe(400);
    expect((await deny(claimId, { note: 'x'.repeat(1001) })).body.errors.note).toBe(
      'The note can be at most 1000 characters',
    );

    const denied = await deny(claimId, { note: 'Laporte is in your service area.' });
    expect(denied.status, denied.text).toBe(200);
    expect(denied.body).toMatchObject({ status: 'denied', note: 'Laporte is in your service area.', refund: null });
    expect(await bonusCredits(app, owner.id)).toBe(0);
    expect(await refundsOf(app, deliveryId)).toEqual([]);
    const [email] = await emailsTo(app, owner.email, 'claim-decision');
    expect(email!.subject).toBe('Claim not approved: Kitchen Remodeling in Laporte, PA');
    expect(email!.textBody).toContain('(outside my service area)');
    expect(email!.textBody).toContain('Note from the administrator: Laporte is in your service area.');

    const again = await approve(claimId);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This claim has already been denied');
    expect(await portalLead(owner.client, deliveryId)).toMatchObject({ claim: { status: 'denied' }, claimUntil: null });
    const twice = await claimLead(owner.client, deliveryId);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('This lead has already been claimed');
  });

  it('refuses claims that are not the contractor’s to make, with a clear 4xx', async () => {
    const { deliveryId } = await creditedDelivery(app, admin, owner.id);

    // Someone else's delivery is not found, as everywhere in the portal.
    const foreign = await claimLead(stranger, deliveryId);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('Lead not found');
    expect((await claimLead(owner.client, 999_999)).status).toBe(404);
    expect((await claimLead(owner.client, 'abc')).status).toBe(400);
    expect((await claimLead(app.client(), deliveryId)).status).toBe(401);
    expect((await claimLead(admin, deliveryId)).status).toBe(403);

    const noReason = await claimLead(owner.client, deliveryId, { details: 'bad' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors.reason).toBe('Choose a reason');
    expect((await claimLead(owner.client, deliveryId, { reason: 'too_expensive' })).body.errors.reason).toBe(
      'Choose a reason',
    );
    const otherWithoutText = await claimLead(owner.client, deliveryId, { reason: 'other', details: '  ' });
    expect(otherWithoutText.status).toBe(400);
    expect(otherWithoutText.body.errors.details).toBe('Say what was wrong with this lead');
    expect(
      (await claimLead(owner.client, deliveryId, { reason: 'duplicate', details: 'x'.repeat(1001) })).body.errors
        .details,
    ).toBe('Details can be at most 1000 characters');
    expect((await claimLead(owner.client, deliveryId, { reason: 'duplicate', details: 42 })).status).toBe(400);
    expect(await app.ctx.db.select().from(leadClaims).where(eq(leadClaims.deliveryId, deliveryId))).toEqual([]);

    // Not paid for yet: nothing to give back.
    await setBilling({ bonusCredits: 0 });
    const unpaid = await awaitingDelivery(app, admin, owner.id);
    const unpaidClaim = await claimLead(owner.client, unpaid.deliveryId);
    expect(unpaidClaim.status).toBe(409);
    expect(unpaidClaim.body.message).toBe('Only a lead you paid for or took from a plan credit can be claimed');

    // A cancelled delivery is gone from the portal.
    expect((await cancel(unpaid.deliveryId)).status).toBe(200);
    expect((await claimLead(owner.client, unpaid.deliveryId)).status).toBe(404);

    // A won lead was not bad.
    const won = await creditedDelivery(app, admin, owner.id);
    expect((await owner.client.patch(`/api/contractor/leads/${won.deliveryId}/status`, { status: 'won' })).status).toBe(
      200,
    );
    expect((await portalLead(owner.client, won.deliveryId)) as unknown).toMatchObject({ claimUntil: null });
    const wonClaim = await claimLead(owner.client, won.deliveryId);
    expect(wonClaim.status).toBe(409);
    expect(wonClaim.body.message).toBe('A lead you marked won cannot be claimed as bad');
  });

  it('takes claims for 14 days after delivery, and not after', async () => {
    const late = await creditedDelivery(app, admin, owner.id);
    await deliveredDaysAgo(late.deliveryId, 14.01);
    expect(await portalLead(owner.client, late.deliveryId)).toMatchObject({ claimUntil: null });
    const refused = await claimLead(owner.client, late.deliveryId);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'Bad leads can be claimed within 14 days of delivery; the time to claim this one has passed',
    );

    const inTime = await creditedDelivery(app, admin, owner.id);
    await deliveredDaysAgo(inTime.deliveryId, 13.99);
    expect((await claimLead(owner.client, inTime.deliveryId)).status).toBe(201);
  });

  it('gives one refund when two administrators approve at once, and one decision when one approves as another denies', async () => {
    const credited = await creditedDelivery(app, admin, owner.id);
    const claimId = await openClaim(app, owner.client, credited.deliveryId);
    const other = await adminClient(app);
    const decisionsBefore = (await emailsTo(app, owner.email, 'claim-decision')).length;
    const answers = await Promise.all([approve(claimId), approve(claimId, {}, other), approve(claimId)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.message)).toEqual([
      'This claim has already been approved',
      'This claim has already been approved',
    ]);
    expect(await bonusCredits(app, owner.id)).toBe(1);
    expect(await refundsOf(app, credited.deliveryId)).toHaveLength(1);
    expect((await emailsTo(app, owner.email, 'claim-decision')).length).toBe(decisionsBefore + 1);

    const paid = await paidDelivery();
    const paidClaim = await openClaim(app, owner.client, paid.deliveryId);
    const raced = await Promise.all([approve(paidClaim), deny(paidClaim, { note: 'No.' }, other)]);
    expect(raced.map((a) => a.status).sort()).toEqual([200, 409]);
    const claim = await claimOf(app, paid.deliveryId);
    expect(await refundsOf(app, paid.deliveryId)).toHaveLength(claim.status === 'approved' ? 1 : 0);
  });

  it('answers 404 for an unknown claim and 400 for a bad id or list query', async () => {
    expect((await approve(999_999)).status).toBe(404);
    expect((await deny(999_999, { note: 'No.' })).status).toBe(404);
    expect((await admin.get('/api/admin/lead-claims/999999')).status).toBe(404);
    expect((await approve('x' as unknown as number)).status).toBe(400);
    const bad = await admin.get('/api/admin/lead-claims?status=closed');
    expect(bad.status).toBe(400);
    expect(bad.body.errors.status).toBe('status must be all, open, approved or denied');
    expect((await admin.get('/api/admin/lead-claims?page=0')).status).toBe(400);
    expect((await approve(1, { note: 5 })).status).toBe(400);
  });

  it('lists claims by state, newest first, with the count in each state', async () => {
    const all = (await admin.get('/api/admin/lead-claims?status=all&pageSize=100')).body;
    const claims = await app.ctx.db.select().from(leadClaims);
    expect(all.total).toBe(claims.length);
    expect(all.counts).toEqual({
      open: claims.filter((c) => c.status === 'open').length,
      approved: claims.filter((c) => c.status === 'approved').length,
      denied: claims.filter((c) => c.status === 'denied').length,
    });
    const ids = all.claims.map((c: { id: number }) => c.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const denied = (await admin.get('/api/admin/lead-claims?status=denied')).body;
    expect(denied.claims.every((c: { status: string }) => c.status === 'denied')).toBe(true);
    expect(denied.total).toBe(all.counts.denied);
    const page = (await admin.get('/api/admin/lead-claims?status=all&page=2&pageSize=1')).body;
    expect(page).toMatchObject({ page: 2, pageSize: 1, total: all.total });
    expect(page.claims.map((c: { id: number }) => c.id)).toEqual([ids[1]]);
  });
});

describe('cancelling a delivery', () => {
  it('ends a delivery awaiting payment: nothing to refund, the lead is new again and can go to someone else', async () => {
    await setBilling({ bonusCredits: 0 });
    const { leadId, deliveryId } = await awaitingDelivery(app, admin, owner.id);
    const res = await cancel(deliveryId);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ id: deliveryId, leadId, paymentState: 'cancelled', refund: null });
    expect(await deliveryRow(app, deliveryId)).toMatchObject({
      paymentState: 'cancelled',
      cancelledAt: expect.any(Date),
    });
    expect((await app.ctx.db.select().from(leads).where(eq(leads.id, leadId)))[0]!.status).toBe('new');
    expect((await emailsTo(app, owner.email, 'delivery-cancelled'))[0]!.textBody).toContain(
      'You do not need to pay for it.',
    );
    expect(
      (await owner.client.get('/api/contractor/leads')).body.some(
        (l: { deliveryId: number }) => l.deliveryId === deliveryId,
      ),
    ).toBe(false);

    const again = await cancel(deliveryId);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This delivery was already cancelled');
    const redelivered = await admin.post('/api/lead-deliveries', {
      leadId,
      contractorId: (await createContractor(app.ctx.db)).id,
    });
    expect(redelivered.status, redelivered.text).toBe(201);
    expect((await cancel(999_999)).status).toBe(404);
    expect((await cancel('abc' as unknown as number)).status).toBe(400);
  });

  it('gives back a plan credit as a bonus credit, and a card payment to the card', async () => {
    const credited = await creditedDelivery(app, admin, owner.id);
    const res = await cancel(credited.deliveryId);
    expect(res.body.refund).toMatchObject({
      method: 'credit',
      cause: 'cancellation',
      status: 'succeeded',
      amount: '25.00',
    });
    expect(await bonusCredits(app, owner.id)).toBe(1);
    expect((await emailsTo(app, owner.email, 'delivery-cancelled'))[0]!.textBody).toContain('bonus credit');

    const paid = await paidDelivery();
    const cardRes = await cancel(paid.deliveryId);
    expect(cardRes.body.refund).toMatchObject({ method: 'card', cause: 'cancellation', status: 'pending' });
    await app.ctx.jobs.runPending();
    expect(await refundsOf(app, paid.deliveryId)).toMatchObject([
      { status: 'succeeded', providerRefundId: expect.stringMatching(/^demo_re_/) },
    ]);
    expect((await emailsTo(app, owner.email, 'delivery-cancelled'))[0]!.textBody).toContain(
      'We are refunding the $25.00 you paid to your card.',
    );
  });

  it('waits for an open claim, and does not refund twice after an approved one', async () => {
    const { deliveryId } = await creditedDelivery(app, admin, owner.id);
    const claimId = await openClaim(app, owner.client, deliveryId);
    const waiting = await cancel(deliveryId);
    expect(waiting.status).toBe(409);
    expect(waiting.body.message).toBe('This lead has an open claim: approve or deny it first');
    expect((await approve(claimId)).status).toBe(200);
    expect(await bonusCredits(app, owner.id)).toBe(1);

    const res = await cancel(deliveryId);
    expect(res.status).toBe(200);
    expect(res.body.refund).toBeNull();
    expect(await bonusCredits(app, owner.id)).toBe(1);
    expect(await refundsOf(app, deliveryId)).toHaveLength(1);
    expect((await emailsTo(app, owner.email, 'delivery-cancelled'))[0]!.textBody).toContain(
      'given back when your claim was approved',
    );
  });

  it('refunds a payment that arrives after the delivery was cancelled, once', async () => {
    await setBilling({ bonusCredits: 0 });
    const { leadId, deliveryId } = await awaitingDelivery(app, admin, owner.id);
    const { paymentIntentId } = (
      await app.client().post('/api/stripe/create-payment-intent', { leadId, contractorId: owner.id })
    ).body;
    expect((await cancel(deliveryId)).status).toBe(200);

    // The card form was still open: the demo payment succeeds and reports itself.
    expect(
      (await app.client().post(`/api/demo-payments/${paymentIntentId}/confirm`, { outcome: 'succeed' })).body,
    ).toEqual({ status: 'succeeded' });
    const success = await app.client().post('/api/stripe/payment-success', { paymentIntentId });
    expect(success.status).toBe(409);
    expect(success.body.message).toBe('This delivery was cancelled, so your payment is being refunded');
    expect((await app.client().post('/api/stripe/payment-success', { paymentIntentId })).status).toBe(409);
    expect(await deliveryRow(app, deliveryId)).toMatchObject({ paymentState: 'cancelled' });

    expect(await refundsOf(app, deliveryId)).toMatchObject([
      { method: 'card', cause: 'cancellation', status: 'pending', paymentIntentId },
    ]);
    await app.ctx.jobs.runPending();
    expect(await refundsOf(app, deliveryId)).toMatchObject([{ status: 'succeeded' }]);
    const late = (await emailsTo(app, owner.email, 'delivery-cancelled')).filter((e) =>
      e.textBody.includes('arrived after the delivery was cancelled'),
    );
    expect(late).toHaveLength(1);
    const demoRefunds = await app.ctx.db
      .select()
      .from(demoPayments)
      .where(and(eq(demoPayments.kind, 'refund')));
    expect(demoRefunds.filter((r) => r.data.paymentIntentId === paymentIntentId)).toHaveLength(1);
  });
});
