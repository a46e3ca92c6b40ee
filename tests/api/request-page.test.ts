import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { planById } from '@shared/plans';
import { REQUEST_LINK_INVALID, type RequestPageAnswer } from '@shared/schemas/request-page';
import { addCounty } from '../../server/counties/counties';
import {
  contractorAccounts,
  contractorBilling,
  contractorLeadPreferences,
  contractors,
  leadDeliveries,
  leadReplies,
  leads,
  outboxEmails,
  regions,
} from '../../server/db/schema';
import { ERASE_CLOSED_LEADS } from '../../server/jobs';
import { adminClient, contractorClient, countyAdminClient } from '../support/admin-session';
import { createContractor } from '../support/factories';
import { requestOnHost } from '../support/host-request';
import { postPageForm, servePages } from '../support/page-server';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * A request's own page and the contractor's replies (issue 35; docs/decisions/0128-request-page-and-replies.md):
 * the confirmation email links to a private page that tells the homeowner what became of the
 * request, shows the contractor's replies and takes their answers, with or without JavaScript, on
 * its own county's site only, until the request's details are erased. Runs on both databases.
 */
let app: TestApp;
let pagesUrl: string;
let closePages: (() => Promise<void>) | undefined;
let n = 0;
let realNow: () => Date;
const DAY = 86_400_000;
const FREE_CREDITS = planById('free').leadCredits;

beforeAll(async () => {
  app = await startTestApp({ TRUST_PROXY: 'true', RATE_LIMIT: 'false', LEAD_RETENTION_DAYS: '30' });
  ({ url: pagesUrl, close: closePages } = await servePages(app.ctx));
  realNow = app.ctx.clock.now;
});
beforeEach(async () => {
  app.ctx.clock.now = realNow;
  await app.ctx.db.update(regions).set({ leadDelivery: 'automatic', releaseAfterHours: 48 });
  await app.ctx.jobs.runPending();
});
afterAll(async () => {
  await closePages?.();
  await app?.close();
});

/** A roofer of Laporte with a plan credit left (the lead is credited at once), or none (it waits for payment). */
async function roofer(opts: { credits?: boolean; name?: string } = {}) {
  const c = await createContractor(app.ctx.db, { services: ['roofing'], name: opts.name ?? `Request Roofer ${++n}` });
  await app.ctx.db
    .update(contractorBilling)
    .set({
      subscriptionPlan: 'free',
      monthlyLeadsUsed: opts.credits === false ? 99 : FREE_CREDITS - 1,
      bonusCredits: 0,
      creditsPeriodStart: new Date(),
    })
    .where(eq(contractorBilling.contractorId, c.id));
  return c;
}

/** A homeowner's request, routed; answers its lead id, the homeowner's address and the page's token from the confirmation email. */
async function ask(contractorId: number) {
  const email = `page-${++n}-${Date.now()}@example.com`;
  const res = await app.client().post('/api/leads', {
    name: 'Jordan Pagewell',
    email,
    phone: '(570) 555-0177',
    serviceNeeded: 'Roofing',
    location: 'Laporte, PA',
    projectDetails: 'Shingles blew off the north side in the last storm.',
    contractorId,
  });
  expect(res.status, res.text).toBe(201);
  await app.ctx.jobs.runPending();
  const [mail] = await app.ctx.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.toAddress, email), eq(outboxEmails.kind, 'quote-confirmation')));
  const token = /https?:\/\/[^\s/]+\/requests\/([\w-]+)$/m.exec(mail!.textBody)?.[1];
  expect(token, mail!.textBody).toBeDefined();
  // The withdraw link carries the same token: one secret per request.
  expect(mail!.textBody).toContain(`/withdraw?token=${token}`);
  return { leadId: res.body.id as number, email, token: token! };
}

const deliveryOf = async (leadId: number) =>
  (await app.ctx.db.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, leadId)))[0]!;
const pageOf = async (token: string) => {
  const res = await app.client().get(`/api/requests/${token}`);
  expect(res.status, res.text).toBe(200);
  return res.body as RequestPageAnswer;
};
const alternativesOf = (page: RequestPageAnswer) =>
  page.events.flatMap((e) => (e.kind === 'released' ? e.alternatives : []));
const answer = (token: string, value: string) => app.client().post(`/api/requests/${token}/answer`, { answer: value });
const leadRow = async (id: number) => (await app.ctx.db.select().from(leads).where(eq(leads.id, id)))[0]!;

describe('the request page', () => {
  it('tells a credited request is delivered, takes a reply from its contractor, and shows it', async () => {
    const c = await roofer({ name: 'Ridge Line Roofing' });
    const { leadId, email, token } = await ask(c.id);
    const first = await pageOf(token);
    expect(first).toMatchObject({
      serviceNeeded: 'Roofing',
      contractorName: 'Ridge Line Roofing',
      contractorId: c.id,
      withdrawn: false,
      canAnswer: ['hired', 'still_looking'],
    });
    expect(first.events.map((e) => e.kind)).toEqual(['delivered', 'sent']);
    expect(first.events[0]).toMatchObject({ contractorName: 'Ridge Line Roofing', hasDetails: true });
    // The page carries nothing of the homeowner's contact details.
    expect(JSON.stringify(first)).not.toMatch(/Jordan|555-0177|page-\d/);

    const portal = await contractorClient(app, c.id);
    const delivery = await deliveryOf(leadId);
    const sent = await portal.post(`/api/contractor/leads/${delivery.id}/replies`, {
      message: 'Thanks Jordan, we can look at it Thursday.',
      estimate: 'range',
      estimateLow: '4,000',
      estimateHigh: '$6500',
      visitDate: '2026-12-10',
    });
    expect(sent.status, sent.text).toBe(201);
    expect(sent.body).toMatchObject({ kind: 'reply', estimate: '$4,000 – $6,500', visitDate: '2026-12-10' });
    // The first reply is the lead's contact: a delivered lead becomes contacted.
    expect((await leadRow(leadId)).status).toBe('contacted');

    const [mail] = await app.ctx.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.toAddress, email), eq(outboxEmails.kind, 'lead-reply')));
    const [account] = await app.ctx.db
      .select()
      .from(contractorAccounts)
      .where(eq(contractorAccounts.contractorId, c.id));
    expect(mail).toMatchObject({
      subject: 'Ridge Line Roofing replied to your request for Roofing',
      // To the contractor's own address, its sign-in's: the homeowner can simply answer.
      replyTo: account!.email,
    });
    expect(mail!.textBody).toContain('Thanks Jordan, we can look at it Thursday.');
    expect(mail!.textBody).toContain('Estimate: $4,000 – $6,500');
    expect(mail!.textBody).toContain('Proposed visit: December 10, 2026');

    expect((await portal.post(`/api/contractor/leads/${delivery.id}/called`)).status).toBe(201);
    const after = await pageOf(token);
    expect(after.events.map((e) => e.kind)).toEqual(['called', 'reply', 'delivered', 'sent']);
    expect(after.events[1]).toMatchObject({
      kind: 'reply',
      contractorName: 'Ridge Line Roofing',
      message: 'Thanks Jordan, we can look at it Thursday.',
      estimate: '$4,000 – $6,500',
    });
    const portalLead = (await portal.get('/api/contractor/leads')).body.find(
      (l: { deliveryId: number }) => l.deliveryId === delivery.id,
    );
    expect(portalLead.replies.map((r: { kind: string }) => r.kind)).toEqual(['reply', 'called']);
  });

  it('a request waiting for payment: the contractor does not have the details yet and cannot reply', async () => {
    const c = await roofer({ credits: false });
    const { leadId, token } = await ask(c.id);
    const page = await pageOf(token);
    expect(page.events[0]).toMatchObject({ kind: 'delivered', hasDetails: false });
    expect(page.canAnswer).toEqual(['still_looking']);
    expect((await answer(token, 'hired')).status).toBe(409);
    const portal = await contractorClient(app, c.id);
    const d = await deliveryOf(leadId);
    const res = await portal.post(`/api/contractor/leads/${d.id}/replies`, { message: 'Hello' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Buy this lead before replying to it');
    expect(await app.ctx.db.select().from(leadReplies).where(eq(leadReplies.leadId, leadId))).toEqual([]);
  });

  it('a reply is checked: a message, a range in order; only the contractor that has the lead may reply', async () => {
    const c = await roofer();
    const { leadId } = await ask(c.id);
    const d = await deliveryOf(leadId);
    const portal = await contractorClient(app, c.id);
    const path = `/api/contractor/leads/${d.id}/replies`;
    const empty = await portal.post(path, { message: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors.message).toBe('Write a message to the homeowner');
    const backwards = await portal.post(path, {
      message: 'A quote',
      estimate: 'range',
      estimateLow: '9000',
      estimateHigh: '100',
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors.estimateHigh).toBe('The highest figure is below the lowest');
    expect((await portal.post(path, { message: 'A quote', estimate: 'range', estimateLow: 'lots' })).status).toBe(400);
    expect((await portal.post(path, { message: 'x'.repeat(2001) })).status).toBe(400);
    expect((await portal.post(path, 'not json')).status).toBe(400);
    expect((await portal.post(`/api/contractor/leads/abc/replies`, { message: 'Hi' })).status).toBe(400);

    const stranger = await contractorClient(app, (await roofer()).id);
    expect((await stranger.post(path, { message: 'Hi' })).status).toBe(404);
    expect((await stranger.post(`/api/contractor/leads/${d.id}/called`)).status).toBe(404);
    expect((await app.client().post(path, { message: 'Hi' })).status).toBe(401);
    expect(await app.ctx.db.select().from(leadReplies).where(eq(leadReplies.leadId, leadId))).toEqual([]);

    const visit = await portal.post(path, { message: 'We will come and measure first.', estimate: 'visit' });
    expect(visit.status, visit.text).toBe(201);
    expect(visit.body).toMatchObject({ estimate: 'After a visit', visitDate: null });
    // Ten written replies go through the site; the conversation carries on by email after that.
    for (let i = 2; i <= 10; i++) expect((await portal.post(path, { message: `Note ${i}` })).status).toBe(201);
    const eleventh = await portal.post(path, { message: 'One more' });
    expect(eleventh.status).toBe(409);
    expect(eleventh.body.message).toBe('You have sent 10 replies through the site: answer the homeowner by email now');
    expect((await portal.post(`/api/contractor/leads/${d.id}/called`)).status).toBe(201);
  });

  it('takes each answer once: still looking, then hired, which marks the lead won', async () => {
    const c = await roofer();
    const { leadId, token } = await ask(c.id);
    expect((await answer(token, 'still_looking')).status).toBe(204);
    const twice = await answer(token, 'still_looking');
    expect(twice.status).toBe(409);
    expect((await pageOf(token)).canAnswer).toEqual(['hired']);
    expect((await answer(token, 'maybe')).status).toBe(400);
    expect((await answer(token, 'hired')).status).toBe(204);
    expect(await leadRow(leadId)).toMatchObject({ status: 'won' });
    expect((await leadRow(leadId)).closedAt).not.toBeNull();
    expect((await answer(token, 'hired')).status).toBe(409);
    const page = await pageOf(token);
    expect(page.canAnswer).toEqual([]);
    expect(page.events.filter((e) => e.kind === 'answer').map((e) => e.kind === 'answer' && e.answer)).toEqual([
      'hired',
      'still_looking',
    ]);
  });

  it('"I hired them" does not overrule a contractor that marked the lead lost: both stand', async () => {
    const c = await roofer();
    const { leadId, token } = await ask(c.id);
    const portal = await contractorClient(app, c.id);
    const d = await deliveryOf(leadId);
    expect((await portal.patch(`/api/contractor/leads/${d.id}/status`, { status: 'lost' })).status).toBe(200);
    expect((await answer(token, 'hired')).status).toBe(204);
    expect((await leadRow(leadId)).status).toBe('lost');
    expect((await pageOf(token)).events[0]).toMatchObject({ kind: 'answer', answer: 'hired' });
  });

  it('a withdrawn request says so, takes no answer, and the contractor can no longer reply', async () => {
    const c = await roofer();
    const { leadId, token } = await ask(c.id);
    expect((await app.client().post('/api/leads/withdraw', { token })).status).toBe(200);
    const page = await pageOf(token);
    expect(page).toMatchObject({ withdrawn: true, canAnswer: [] });
    expect(page.events[0]!.kind).toBe('withdrawn');
    expect((await answer(token, 'still_looking')).status).toBe(409);
    const portal = await contractorClient(app, c.id);
    const d = await deliveryOf(leadId);
    expect((await portal.post(`/api/contractor/leads/${d.id}/replies`, { message: 'Hi' })).status).toBe(409);
  });

  it('an undelivered request withdrawn is erased at once, yet its page says withdrawn until the retention ends; then 404', async () => {
    await app.ctx.db.update(regions).set({ leadDelivery: 'manual' });
    const c = await roofer();
    const { leadId, token } = await ask(c.id);
    // Held for an administrator (the county delivers by hand): the page says it is being checked.
    expect((await pageOf(token)).events.map((e) => e.kind)).toEqual(['held', 'sent']);
    expect((await app.client().post('/api/leads/withdraw', { token })).body).toEqual({ erased: true });
    expect((await leadRow(leadId)).erasedAt).not.toBeNull();
    const withdrawn = await pageOf(token);
    expect(withdrawn.withdrawn).toBe(true);
    expect(withdrawn.events.map((e) => e.kind)).toEqual(['withdrawn', 'held', 'sent']);
    expect(JSON.stringify(withdrawn)).not.toContain('Jordan');
    const later = new Date(Date.now() + 31 * DAY);
    app.ctx.clock.now = () => later;
    const gone = await app.client().get(`/api/requests/${token}`);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe(REQUEST_LINK_INVALID);
  });

  it('a request an administrator rejected says it was not passed on', async () => {
    await app.ctx.db.update(regions).set({ leadDelivery: 'manual' });
    const c = await roofer();
    const { leadId, token } = await ask(c.id);
    expect((await (await adminClient(app)).post(`/api/admin/leads/${leadId}/reject`)).status).toBe(204);
    const page = await pageOf(token);
    expect(page.events.map((e) => e.kind)).toEqual(['not-passed', 'sent']);
    expect(page.canAnswer).toEqual(['still_looking']);
  });

  it('a request erased at the end of its retention: the link is 404, and the replies lose their text', async () => {
    const c = await roofer();
    const { leadId, token } = await ask(c.id);
    const portal = await contractorClient(app, c.id);
    const d = await deliveryOf(leadId);
    await portal.post(`/api/contractor/leads/${d.id}/replies`, { message: 'See you at 12 Quarry Road.' });
    await portal.patch(`/api/contractor/leads/${d.id}/status`, { status: 'won' });
    const later = new Date(Date.now() + 31 * DAY);
    app.ctx.clock.now = () => later;
    await app.ctx.jobs.send(ERASE_CLOSED_LEADS, {});
    await app.ctx.jobs.runPending();
    expect((await leadRow(leadId)).erasedAt).not.toBeNull();
    expect((await app.client().get(`/api/requests/${token}`)).status).toBe(404);
    expect((await answer(token, 'still_looking')).status).toBe(404);
    const [reply] = await app.ctx.db.select().from(leadReplies).where(eq(leadReplies.leadId, leadId));
    expect(reply!.message).toBe('');
  });

  it('a wrong link is a plain 404, and a token of no shape a 404 too', async () => {
    const c = await roofer();
    const { token } = await ask(c.id);
    const wrong = await app.client().get(`/api/requests/${token.slice(0, -4)}AAAA`);
    expect(wrong.status).toBe(404);
    expect(wrong.body.message).toBe(REQUEST_LINK_INVALID);
    // A token of no possible shape is refused as bad input; its page is the same 404 (below).
    expect((await app.client().get('/api/requests/short')).status).toBe(400);
    expect((await answer(`${token.slice(0, -4)}AAAA`, 'still_looking')).status).toBe(404);
  });

  it("works on its own county's site only: another county's site knows no such link", async () => {
    await addCounty(app.ctx, 'wyoming').catch(() => {});
    const c = await roofer();
    const { token } = await ask(c.id);
    const there = await requestOnHost(app.url, 'wyoming.localhost', 'GET', `/api/requests/${token}`);
    expect(there.status).toBe(404);
    expect(there.text).not.toContain('Roofing');
    const post = await requestOnHost(app.url, 'wyoming.localhost', 'POST', `/api/requests/${token}/answer`, {
      body: { answer: 'still_looking' },
    });
    expect(post.status).toBe(404);
    expect((await pageOf(token)).canAnswer).toContain('still_looking');
  });

  it('a released request lists its alternatives, and sends to one once from the page', async () => {
    const paused = await roofer({ name: 'Resting Roofing' });
    const other = await roofer({ name: 'Ready Ridge Roofing' });
    await app.ctx.db
      .update(contractors)
      .set({ verified: true, rating: 5, reviewCount: 900 })
      .where(eq(contractors.id, other.id));
    await app.ctx.db.insert(contractorLeadPreferences).values({ contractorId: paused.id, pausedUntil: '2099-03-02' });
    const { token } = await ask(paused.id);
    const page = await pageOf(token);
    const released = page.events.find((e) => e.kind === 'released');
    expect(released).toMatchObject({ contractorName: 'Resting Roofing' });
    const offer = alternativesOf(page).find((a) => a.contractorId === other.id);
    expect(offer).toMatchObject({ state: 'open', contractorName: 'Ready Ridge Roofing' });

    // Another request's token cannot use this one's alternative.
    const { token: stranger } = await ask((await roofer()).id);
    expect((await app.client().post(`/api/requests/${stranger}/alternatives/${offer!.id}`)).status).toBe(404);

    const sent = await app.client().post(`/api/requests/${token}/alternatives/${offer!.id}`);
    expect(sent.status, sent.text).toBe(201);
    expect(sent.body.message).toContain('Ready Ridge Roofing');
    expect((await app.client().post(`/api/requests/${token}/alternatives/${offer!.id}`)).status).toBe(409);
    expect(alternativesOf(await pageOf(token)).find((a) => a.id === offer!.id)?.state).toBe('used');
  });
});

describe("the administrator's view", () => {
  it('reads a lead\'s whole thread, a contractor\'s "lost" beside the homeowner\'s "hired"; another county\'s administrator cannot', async () => {
    const c = await roofer({ name: 'Threaded Roofing' });
    const { leadId, token } = await ask(c.id);
    const portal = await contractorClient(app, c.id);
    const d = await deliveryOf(leadId);
    expect((await portal.post(`/api/contractor/leads/${d.id}/replies`, { message: 'Booked you in.' })).status).toBe(
      201,
    );
    expect((await portal.patch(`/api/contractor/leads/${d.id}/status`, { status: 'lost' })).status).toBe(200);
    expect((await answer(token, 'hired')).status).toBe(204);

    const admin = await adminClient(app);
    const thread = await admin.get(`/api/admin/leads/${leadId}/thread`);
    expect(thread.status, thread.text).toBe(200);
    const events = thread.body.events as RequestPageAnswer['events'];
    expect(events.map((e) => e.kind)).toEqual(['answer', 'marked', 'marked', 'reply', 'delivered', 'sent']);
    expect(events.filter((e) => e.kind === 'marked').map((e) => e.kind === 'marked' && e.status)).toEqual([
      'lost',
      'contacted',
    ]);
    expect(events.find((e) => e.kind === 'reply')).toMatchObject({ message: 'Booked you in.' });
    expect((await admin.get('/api/admin/leads/abc/thread')).status).toBe(400);
    expect((await admin.get('/api/admin/leads/2147483000/thread')).status).toBe(404);

    await addCounty(app.ctx, 'wyoming').catch(() => {});
    const [wyoming] = await app.ctx.db.select({ id: regions.id }).from(regions).where(eq(regions.slug, 'wyoming'));
    const other = await countyAdminClient(app, [wyoming!.id]);
    expect((await other.client.get(`/api/admin/leads/${leadId}/thread`)).status).toBe(404);
    expect((await app.client().get(`/api/admin/leads/${leadId}/thread`)).status).toBe(401);

    // The dashboard's median time to a first reply: this month's, from the lead credited to the reply.
    const stats = (await admin.get('/api/admin/stats')).body;
    expect(typeof stats.medianMinutesToReply).toBe('number');
    expect(stats.medianMinutesToReply).toBeGreaterThanOrEqual(0);
  });
});

describe('the page without JavaScript', () => {
  it('is served noindex, and a wrong link is a 404 page that names nothing', async () => {
    const c = await roofer({ name: 'Plainpage Roofing' });
    const { token } = await ask(c.id);
    const res = await fetch(`${pagesUrl}/requests/${token}`);
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toMatch(/<meta name="robots" content="noindex, nofollow"/);
    expect(html).toContain('Plainpage Roofing');
    expect(html).toContain('I hired them');
    const wrong = await fetch(`${pagesUrl}/requests/${token.slice(0, -4)}AAAA`);
    expect(wrong.status).toBe(404);
    expect(await wrong.text()).not.toContain('Plainpage Roofing');
    expect((await fetch(`${pagesUrl}/requests/short`)).status).toBe(404);
  });

  it('takes an answer as a web form, answers 303 to the page, and shows a refusal on the page', async () => {
    const c = await roofer();
    const { token } = await ask(c.id);
    const res = await postPageForm(pagesUrl, `/requests/${token}`, 'answer=still_looking');
    expect(res.status, res.html.slice(0, 300)).toBe(303);
    expect(res.location).toBe(`/requests/${token}?answered=1`);
    expect((await pageOf(token)).canAnswer).toEqual(['hired']);
    const again = await postPageForm(pagesUrl, `/requests/${token}`, 'answer=still_looking');
    expect(again.status).toBe(409);
    expect(again.posted).toMatchObject({ form: 'request', message: 'You already told us this.' });
    const bad = await postPageForm(pagesUrl, `/requests/${token}`, 'answer=perhaps');
    expect(bad.status).toBe(400);
  });

  it('sends to an alternative as a web form', async () => {
    const paused = await roofer({ name: 'Sleeping Roofing' });
    await app.ctx.db.insert(contractorLeadPreferences).values({ contractorId: paused.id, pausedUntil: '2099-03-02' });
    await roofer({ name: 'Awake Roofing' });
    const { token } = await ask(paused.id);
    const first = alternativesOf(await pageOf(token))[0];
    const res = await postPageForm(pagesUrl, `/requests/${token}`, `alternativeId=${first!.id}`);
    expect(res.status, res.html.slice(0, 300)).toBe(303);
    expect(res.location).toBe(`/requests/${token}?sent=1`);
    const rows = await app.ctx.db.select().from(leads).orderBy(asc(leads.id));
    expect(rows.at(-1)).toMatchObject({ requestedContractorId: first!.contractorId });
  });
});
