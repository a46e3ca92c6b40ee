import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { planById } from '@shared/plans';
import type { RequestPageAnswer } from '@shared/schemas/request-page';
import {
  contractorBilling,
  homeownerAnswers,
  leadDeliveries,
  leads,
  outboxEmails,
  regions,
  reviewRequests,
} from '../../server/db/schema';
import { adminClient, contractorClient } from '../support/admin-session';
import { createContractor } from '../support/factories';
import { postPageForm, servePages } from '../support/page-server';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * "Did you hire someone?" (issue 35, part 3; docs/decisions/0128-request-page-and-replies.md): the
 * follow-up email asks with one-click answers, each link opening the review page whose button
 * confirms; "Yes, I hired them" marks the lead won unless its contractor marked it lost, "Not yet"
 * is recorded, "They never contacted me" is recorded and the contractor told. Once; nothing for a
 * withdrawn request. FOLLOW_UP_DELAY 0, so the email follows the credit at once. Runs on both databases.
 */
let app: TestApp;
let pagesUrl: string;
let closePages: (() => Promise<void>) | undefined;
let n = 0;

beforeAll(async () => {
  app = await startTestApp({ TRUST_PROXY: 'true', RATE_LIMIT: 'false', FOLLOW_UP_DELAY: '0' });
  ({ url: pagesUrl, close: closePages } = await servePages(app.ctx));
});
beforeEach(async () => {
  await app.ctx.db.update(regions).set({ leadDelivery: 'automatic' });
  await app.ctx.jobs.runPending();
});
afterAll(async () => {
  await closePages?.();
  await app?.close();
});

/** A request credited at once to a new roofer; answers what the homeowner's emails hold. */
async function creditedRequest() {
  const c = await createContractor(app.ctx.db, { services: ['roofing'], name: `Hire Check Roofing ${++n}` });
  await app.ctx.db
    .update(contractorBilling)
    .set({ subscriptionPlan: 'free', monthlyLeadsUsed: planById('free').leadCredits - 1, bonusCredits: 0 })
    .where(eq(contractorBilling.contractorId, c.id));
  const email = `hire-${n}-${Date.now()}@example.com`;
  const res = await app.client().post('/api/leads', {
    name: 'Morgan Hirewell',
    email,
    phone: '(570) 555-0166',
    serviceNeeded: 'Roofing',
    location: 'Laporte, PA',
    projectDetails: 'Flashing around the chimney needs redoing.',
    contractorId: c.id,
  });
  expect(res.status, res.text).toBe(201);
  const leadId = res.body.id as number;
  // Routed (credited), then the follow-up job.
  await app.ctx.jobs.runPending();
  await app.ctx.jobs.runPending();
  const mails = await app.ctx.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, email));
  const followUp = mails.find((m) => m.kind === 'review-request');
  const confirmation = mails.find((m) => m.kind === 'quote-confirmation')!;
  const [delivery] = await app.ctx.db.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, leadId));
  return {
    contractor: c,
    leadId,
    delivery: delivery!,
    followUp,
    pageToken: /\/requests\/([\w-]+)$/m.exec(confirmation.textBody)![1]!,
    reviewToken: followUp ? /\/review\/([\w.-]+)\?answer=hired$/m.exec(followUp.textBody)?.[1] : undefined,
  };
}

const hire = (token: string, answer: string) => app.client().post('/api/reviews/hire-answer', { token, answer });
const leadRow = async (id: number) => (await app.ctx.db.select().from(leads).where(eq(leads.id, id)))[0]!;
const invitation = async (token: string) =>
  (await app.client().get(`/api/reviews/invitation?token=${encodeURIComponent(token)}`)).body;

describe('the follow-up email asks "Did you hire them?" with one-click answers', () => {
  it('links each answer to the review page, which asks until it is answered', async () => {
    const { followUp, reviewToken } = await creditedRequest();
    expect(followUp, 'the follow-up email').toBeDefined();
    expect(reviewToken).toBeDefined();
    for (const [label, answer] of [
      ['Yes, I hired them', 'hired'],
      ['Not yet', 'not_yet'],
      ['They never contacted me', 'not_contacted'],
    ])
      expect(followUp!.textBody).toMatch(
        new RegExp(`^${label}: https?://\\S+/review/[\\w.-]+\\?answer=${answer}$`, 'm'),
      );
    expect(await invitation(reviewToken!)).toMatchObject({ status: 'open', askHire: true, hireAnswer: null });
  });

  it('"Yes, I hired them" marks the lead won, once; the review form stays open', async () => {
    const { leadId, reviewToken, pageToken } = await creditedRequest();
    expect((await hire(reviewToken!, 'hired')).status).toBe(204);
    expect(await leadRow(leadId)).toMatchObject({ status: 'won' });
    expect(await invitation(reviewToken!)).toMatchObject({ status: 'open', askHire: false, hireAnswer: 'hired' });
    const again = await hire(reviewToken!, 'not_yet');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You already answered this question. Thank you!');
    // The request's page tells it, and asks it no more.
    const page = (await app.client().get(`/api/requests/${pageToken}`)).body as RequestPageAnswer;
    expect(page.canAnswer).toEqual([]);
    expect(page.events[0]).toMatchObject({ kind: 'answer', answer: 'hired' });
  });

  it('does not overrule a contractor that marked the lead lost', async () => {
    const { contractor, leadId, delivery, reviewToken } = await creditedRequest();
    const portal = await contractorClient(app, contractor.id);
    expect((await portal.patch(`/api/contractor/leads/${delivery.id}/status`, { status: 'lost' })).status).toBe(200);
    expect((await hire(reviewToken!, 'hired')).status).toBe(204);
    expect((await leadRow(leadId)).status).toBe('lost');
    expect(
      await app.ctx.db
        .select({ answer: homeownerAnswers.answer })
        .from(homeownerAnswers)
        .where(eq(homeownerAnswers.leadId, leadId)),
    ).toEqual([{ answer: 'hired' }]);
  });

  it('"They never contacted me" is recorded, shown on the request page, and the contractor is told', async () => {
    const { contractor, leadId, delivery, reviewToken, pageToken } = await creditedRequest();
    expect((await hire(reviewToken!, 'not_contacted')).status).toBe(204);
    const [request] = await app.ctx.db.select().from(reviewRequests).where(eq(reviewRequests.deliveryId, delivery.id));
    expect(request).toMatchObject({ hireAnswer: 'not_contacted' });
    expect(request!.hireAnsweredAt).not.toBeNull();
    expect((await leadRow(leadId)).status).toBe('delivered');
    const [notice] = await app.ctx.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.kind, 'not-contacted'), eq(outboxEmails.toAddress, contractor.email)));
    expect(notice!.subject).toBe('A homeowner says you did not contact them: Roofing');
    expect(notice!.textBody).toContain(`lead #${leadId}`);
    expect(notice!.textBody).not.toContain('Morgan');
    const page = (await app.client().get(`/api/requests/${pageToken}`)).body as RequestPageAnswer;
    expect(page.events[0]).toMatchObject({ kind: 'answer', answer: 'not_contacted' });
    // The county dashboard counts it this month, beside the earlier tests' "Yes, I hired them".
    const stats = (await (await adminClient(app)).get('/api/admin/stats')).body;
    expect(stats.contactedThisMonth.of).toBeGreaterThan(stats.contactedThisMonth.yes);
    expect(stats.contactedThisMonth.yes).toBeGreaterThanOrEqual(1);
  });

  it('"Not yet" is the page\'s "still looking"; bad answers and forged links are refused', async () => {
    const { leadId, reviewToken } = await creditedRequest();
    expect((await hire(reviewToken!, 'maybe')).status).toBe(400);
    expect((await hire(`${reviewToken!.slice(0, -3)}AAA`, 'hired')).status).toBe(400);
    expect((await app.client().post('/api/reviews/hire-answer', {})).status).toBe(400);
    expect((await hire(reviewToken!, 'not_yet')).status).toBe(204);
    expect(
      await app.ctx.db
        .select({ answer: homeownerAnswers.answer })
        .from(homeownerAnswers)
        .where(eq(homeownerAnswers.leadId, leadId)),
    ).toEqual([{ answer: 'still_looking' }]);
  });

  it('is not asked of a homeowner who said "I hired them" on the request page first', async () => {
    await app.ctx.db.update(regions).set({ leadDelivery: 'automatic' });
    const c = await createContractor(app.ctx.db, { services: ['roofing'], name: `Early Hire Roofing ${++n}` });
    await app.ctx.db
      .update(contractorBilling)
      .set({ subscriptionPlan: 'free', monthlyLeadsUsed: planById('free').leadCredits - 1, bonusCredits: 0 })
      .where(eq(contractorBilling.contractorId, c.id));
    // The follow-up job waits while the homeowner answers on the page.
    const email = `early-${n}@example.com`;
    const res = await app.client().post('/api/leads', {
      name: 'Early Answer',
      email,
      phone: '(570) 555-0167',
      serviceNeeded: 'Roofing',
      location: 'Laporte, PA',
      projectDetails: 'A new ridge vent.',
      contractorId: c.id,
    });
    expect(res.status).toBe(201);
    await app.ctx.jobs.runPending({ only: ['route-lead'] });
    const [confirmation] = await app.ctx.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.toAddress, email), eq(outboxEmails.kind, 'quote-confirmation')));
    const pageToken = /\/requests\/([\w-]+)$/m.exec(confirmation!.textBody)![1]!;
    expect((await app.client().post(`/api/requests/${pageToken}/answer`, { answer: 'hired' })).status).toBe(204);
    await app.ctx.jobs.runPending();
    const [followUp] = await app.ctx.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.toAddress, email), eq(outboxEmails.kind, 'review-request')));
    expect(followUp!.textBody).not.toContain('?answer=');
    expect(followUp!.textBody).toMatch(/\/review\/[\w.-]+$/m);
  });

  it('a withdrawn request gets no follow-up', async () => {
    await app.ctx.db.update(regions).set({ leadDelivery: 'automatic' });
    const c = await createContractor(app.ctx.db, { services: ['roofing'], name: `Withdrawn Roofing ${++n}` });
    await app.ctx.db
      .update(contractorBilling)
      .set({ subscriptionPlan: 'free', monthlyLeadsUsed: planById('free').leadCredits - 1, bonusCredits: 0 })
      .where(eq(contractorBilling.contractorId, c.id));
    const email = `gone-${n}@example.com`;
    const res = await app.client().post('/api/leads', {
      name: 'Gone Away',
      email,
      phone: '(570) 555-0168',
      serviceNeeded: 'Roofing',
      location: 'Laporte, PA',
      projectDetails: 'Never mind.',
      contractorId: c.id,
    });
    await app.ctx.jobs.runPending({ only: ['route-lead'] });
    const [confirmation] = await app.ctx.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.toAddress, email), eq(outboxEmails.kind, 'quote-confirmation')));
    const token = /\/withdraw\?token=([\w-]+)$/m.exec(confirmation!.textBody)![1]!;
    expect((await app.client().post('/api/leads/withdraw', { token })).status).toBe(200);
    await app.ctx.jobs.runPending();
    const [delivery] = await app.ctx.db.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, res.body.id));
    const [request] = await app.ctx.db.select().from(reviewRequests).where(eq(reviewRequests.deliveryId, delivery!.id));
    expect(request).toMatchObject({ status: 'skipped', skipReason: 'The homeowner withdrew the request' });
    expect(
      await app.ctx.db
        .select()
        .from(outboxEmails)
        .where(and(eq(outboxEmails.toAddress, email), eq(outboxEmails.kind, 'review-request'))),
    ).toEqual([]);
  });
});

describe('without JavaScript', () => {
  it("the email's link opens the page asking to confirm; the button posts it and lands on the thanks", async () => {
    const { leadId, reviewToken } = await creditedRequest();
    const opened = await fetch(`${pagesUrl}/review/${reviewToken}?answer=hired`);
    const html = await opened.text();
    expect(opened.status).toBe(200);
    expect(html).toContain('Confirm your answer:');
    // Opening the link answered nothing.
    expect((await leadRow(leadId)).status).toBe('delivered');

    const sent = await postPageForm(pagesUrl, `/review/${reviewToken}`, 'hireAnswer=hired');
    expect(sent.status, sent.html.slice(0, 300)).toBe(303);
    expect(sent.location).toBe(`/review/${reviewToken}?answered=hired`);
    expect((await leadRow(leadId)).status).toBe('won');
    const thanks = await (await fetch(`${pagesUrl}${sent.location}`)).text();
    expect(thanks).toContain('We noted that you hired them.');

    const again = await postPageForm(pagesUrl, `/review/${reviewToken}`, 'hireAnswer=not_yet');
    expect(again.status).toBe(409);
    expect(again.posted).toMatchObject({
      form: 'hire-answer',
      message: 'You already answered this question. Thank you!',
    });
  });
});
