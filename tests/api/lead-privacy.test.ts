import { and, asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ALREADY_WITHDRAWN, WITHDRAW_LINK_INVALID, WITHDRAWN_LEAD } from '@shared/schemas/lead-withdrawal';
import { contractorBilling, leadClaims, leadDeliveries, leads, outboxEmails, regions } from '../../server/db/schema';
import { ROUTE_LEAD } from '../../server/leads/routing/route-lead';
import { ERASE_CLOSED_LEADS } from '../../server/jobs';
import { ERASED_IN_EMAIL } from '../../server/leads/lead-retention';
import { adminClient, contractorClient } from '../support/admin-session';
import { createContractor } from '../support/factories';
import type { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Homeowners' privacy (issue 25; docs/decisions/0114-homeowner-privacy.md): the quote request's
 * confirmation email carries a single-use withdraw link; a withdrawn lead is offered to no one, a
 * contractor who paid keeps what was delivered; contact details are erased LEAD_RETENTION_DAYS
 * after the lead closed by the daily job, tested with the clock moved. Runs on both databases.
 */

let app: TestApp;
let admin: TestClient;
let n = 0;
let realNow: () => Date;
const DAY = 86_400_000;

beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT: 'false', LEAD_RETENTION_DAYS: '30' });
  // An administrator delivers these leads, as the specification's flow has it (docs/decisions/0117-lead-routing.md).
  await app.ctx.db.update(regions).set({ leadDelivery: 'manual' });
  admin = await adminClient(app);
  realNow = app.ctx.clock.now;
});
beforeEach(() => {
  app.ctx.clock.now = realNow;
});
afterAll(() => app?.close());

/** A listed contractor with `credits` plan credits left, and a homeowner's quote request to it through the API. */
async function quoteRequest(credits = 0) {
  const contractor = await createContractor(app.ctx.db);
  await app.ctx.db
    .update(contractorBilling)
    .set({
      subscriptionPlan: 'free',
      monthlyLeadsUsed: 2 - credits,
      bonusCredits: 0,
      creditsPeriodStart: app.ctx.clock.now(),
    })
    .where(eq(contractorBilling.contractorId, contractor.id));
  const email = `privacy-${++n}-${Date.now()}@example.com`;
  const res = await app.client().post('/api/leads', {
    name: 'Robin Quarry',
    email,
    phone: '(570) 555-0142',
    serviceNeeded: 'Kitchen Remodeling',
    location: 'Laporte, PA',
    projectDetails: 'New cabinets for the farmhouse on Quarry Road, call after 5.',
    budgetRange: '$10,000 - $25,000',
    contractorId: contractor.id,
  });
  expect(res.status, res.text).toBe(201);
  expect(await app.ctx.jobs.runPending({ only: [ROUTE_LEAD] })).toBe(1);
  return { leadId: res.body.id as number, contractorId: contractor.id, email };
}

const leadRow = async (id: number) => (await app.ctx.db.select().from(leads).where(eq(leads.id, id)))[0]!;
const mailsTo = (to: string) =>
  app.ctx.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, to)).orderBy(asc(outboxEmails.id));

/** The withdraw link's token from the homeowner's confirmation email. */
async function withdrawToken(email: string): Promise<string> {
  const [mail] = (await mailsTo(email)).filter((m) => m.kind === 'quote-confirmation');
  expect(mail, 'the confirmation email').toBeDefined();
  const m = /https?:\/\/[^\s/]+\/withdraw\?token=([\w-]+)/.exec(mail!.textBody);
  expect(m, mail!.textBody).not.toBeNull();
  return m![1]!;
}

const withdraw = (token: string) => app.client().post('/api/leads/withdraw', { token });
const deliver = (leadId: number, contractorId: number) => admin.post('/api/lead-deliveries', { leadId, contractorId });

describe('the confirmation email and its withdraw link', () => {
  it('is sent to the homeowner with the request, saying how long details are kept', async () => {
    const { email } = await quoteRequest();
    const [mail] = await mailsTo(email);
    expect(mail).toMatchObject({
      kind: 'quote-confirmation',
      subject: expect.stringContaining('Your quote request to'),
    });
    expect(mail!.textBody).toContain('erased 30 days after your request is closed');
    expect(mail!.textBody).toMatch(/\/privacy$/m);
  });

  it('withdraws an undelivered request once: its details are erased at once, it is offered to no one, and the link then answers 409; a wrong token is 404', async () => {
    const { leadId, contractorId, email } = await quoteRequest();
    const token = await withdrawToken(email);

    const wrong = await withdraw(`${token.slice(0, -4)}AAAA`);
    expect(wrong.status).toBe(404);
    expect(wrong.body.message).toBe(WITHDRAW_LINK_INVALID);
    expect((await leadRow(leadId)).withdrawnAt).toBeNull();
    expect((await app.client().post('/api/leads/withdraw', { token: 42 })).status).toBe(400);
    expect((await app.client().post('/api/leads/withdraw', {})).status).toBe(400);

    const res = await withdraw(token);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ erased: true });
    const lead = await leadRow(leadId);
    expect(lead).toMatchObject({
      name: '',
      email: '',
      phone: '',
      projectDetails: '',
      status: 'new',
      serviceNeeded: 'Kitchen Remodeling',
      location: 'Laporte, PA',
    });
    expect(lead.withdrawnAt).not.toBeNull();
    expect(lead.closedAt).not.toBeNull();
    expect(lead.erasedAt).not.toBeNull();
    // The confirmation kept in the outbox no longer holds the address or the link.
    expect(await mailsTo(email)).toEqual([]);

    const again = await withdraw(token);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(ALREADY_WITHDRAWN);

    const delivered = await deliver(leadId, contractorId);
    expect(delivered.status).toBe(409);
    expect(delivered.body.message).toBe(WITHDRAWN_LEAD);
  });

  it('lets a contractor who used a credit keep what was delivered; the details stay until the retention ends', async () => {
    const { leadId, contractorId, email } = await quoteRequest(1);
    const delivered = await deliver(leadId, contractorId);
    expect(delivered.status, delivered.text).toBe(201);
    expect(delivered.body.paymentState).toBe('credited');
    const portal = await contractorClient(app, contractorId);

    const res = await withdraw(await withdrawToken(email));
    expect(res.body).toEqual({ erased: false });
    const lead = await leadRow(leadId);
    expect(lead).toMatchObject({ name: 'Robin Quarry', email, status: 'delivered', erasedAt: null });
    expect(lead.closedAt).not.toBeNull();
    const [delivery] = await app.ctx.db.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, leadId));
    expect(delivery!.paymentState).toBe('credited');
    const leadsSeen = await portal.get('/api/contractor/leads');
    const seen = leadsSeen.body.find((l: { leadId: number }) => l.leadId === leadId);
    expect(seen?.customer).toEqual({ name: 'Robin Quarry', email, phone: '(570) 555-0142' });
    // The portal says the homeowner withdrew it.
    expect(seen).toMatchObject({ withdrawnAt: expect.any(String), erasedAt: null });
  });

  it('ends a delivery still awaiting payment (its contractor is told) and erases the details', async () => {
    const { leadId, contractorId, email } = await quoteRequest(0);
    const delivered = await deliver(leadId, contractorId);
    expect(delivered.body.paymentState).toBe('awaiting_payment');

    expect((await withdraw(await withdrawToken(email))).body).toEqual({ erased: true });
    const [delivery] = await app.ctx.db.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, leadId));
    expect(delivery!.paymentState).toBe('cancelled');
    expect(await leadRow(leadId)).toMatchObject({ status: 'new', email: '' });
    const [notice] = await app.ctx.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.kind, 'delivery-cancelled')))
      .orderBy(desc(outboxEmails.id))
      .limit(1);
    expect(notice!.textBody).toContain(`lead #${leadId}`);
  });
});

describe('retention: the daily erase', () => {
  const runErase = async () => {
    await app.ctx.jobs.send(ERASE_CLOSED_LEADS, {});
    expect(await app.ctx.jobs.runPending()).toBe(1);
  };

  it('runs daily at 03:00 Eastern', async () => {
    expect(await app.ctx.jobs.schedules()).toContainEqual({
      name: ERASE_CLOSED_LEADS,
      cron: '0 3 * * *',
      tz: 'America/New_York',
    });
  });

  it('erases a won lead LEAD_RETENTION_DAYS after it closed, not a day before; prices, deliveries and counts stay, and the outbox forgets the homeowner', async () => {
    const { leadId, contractorId, email } = await quoteRequest(1);
    expect((await deliver(leadId, contractorId)).status).toBe(201);
    const portal = await contractorClient(app, contractorId);
    const [delivery] = await app.ctx.db.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, leadId));
    await app.ctx.db.insert(leadClaims).values({
      deliveryId: delivery!.id,
      reason: 'other',
      details: 'Robin said call 570-555-0142 after 5',
      status: 'denied',
    });
    // Won 10 days from now, by the app's clock.
    const wonAt = Date.now() + 10 * DAY;
    app.ctx.clock.now = () => new Date(wonAt);
    expect((await portal.patch(`/api/contractor/leads/${delivery!.id}/status`, { status: 'won' })).status).toBe(200);
    expect((await leadRow(leadId)).closedAt).toEqual(new Date(wonAt));
    const before = await leadRow(leadId);
    const receipt = (
      await app.ctx.db
        .select()
        .from(outboxEmails)
        .where(eq(outboxEmails.kind, 'lead-delivered'))
        .orderBy(desc(outboxEmails.id))
        .limit(1)
    )[0]!;
    expect(receipt.textBody).toContain(email);

    app.ctx.clock.now = () => new Date(wonAt + 29 * DAY);
    await runErase();
    expect((await leadRow(leadId)).erasedAt).toBeNull();

    app.ctx.clock.now = () => new Date(wonAt + 30 * DAY + 60_000);
    await runErase();
    const after = await leadRow(leadId);
    expect(after).toMatchObject({
      name: '',
      email: '',
      phone: '',
      projectDetails: '',
      status: 'won',
      leadPriceCents: before.leadPriceCents,
      serviceNeeded: before.serviceNeeded,
      location: before.location,
    });
    expect(after.erasedAt).toEqual(new Date(wonAt + 30 * DAY + 60_000));
    const [kept] = await app.ctx.db.select().from(leadDeliveries).where(eq(leadDeliveries.id, delivery!.id));
    expect(kept).toMatchObject({ paymentState: 'credited', priceCents: delivery!.priceCents });
    expect(
      (await app.ctx.db.select().from(leadClaims).where(eq(leadClaims.deliveryId, delivery!.id)))[0]!.details,
    ).toBe('');
    // The homeowner's own mail and the contractor's copy of their details.
    expect(await mailsTo(email)).toEqual([]);
    const [redacted] = await app.ctx.db.select().from(outboxEmails).where(eq(outboxEmails.id, receipt.id));
    expect(redacted!.textBody).not.toContain(email);
    expect(redacted!.textBody).not.toContain('555-0142');
    expect(redacted!.textBody).not.toContain('Robin Quarry');
    expect(redacted!.textBody).toContain(ERASED_IN_EMAIL);
    // The portal still counts the lead, without its customer, and says when the details went.
    const seen = (await portal.get('/api/contractor/leads')).body.find((l: { leadId: number }) => l.leadId === leadId);
    expect(seen).toMatchObject({ status: 'won', customer: null, withdrawnAt: null, erasedAt: expect.any(String) });
  });

  it('erases a lead nobody acted on LEAD_RETENTION_DAYS after its last change, and leaves a recent one alone', async () => {
    const stale = await quoteRequest();
    const recent = await quoteRequest();
    const staleAt = new Date(Date.now() - 31 * DAY);
    await app.ctx.db.update(leads).set({ updatedAt: staleAt, createdAt: staleAt }).where(eq(leads.id, stale.leadId));
    await runErase();
    expect((await leadRow(stale.leadId)).erasedAt).not.toBeNull();
    expect((await leadRow(stale.leadId)).email).toBe('');
    expect(await leadRow(recent.leadId)).toMatchObject({ erasedAt: null, email: recent.email });
    // Erased, it is offered to no one.
    expect((await deliver(stale.leadId, stale.contractorId)).status).toBe(409);
  });
});
