import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { region } from '@shared/region';
import type { ContractorProfile } from '@shared/schemas/directory';
import { localBusinessJsonLd } from '../../client/src/features/directory/local-business';
import { createClock } from '../../server/clock';
import {
  contractorAccounts,
  contractorBilling,
  contractors,
  leadDeliveries,
  outboxEmails,
  reviewRequests,
  reviews,
} from '../../server/db/schema';
import { signReviewLink } from '../../server/reviews/review-tokens';
import { followUpFor } from '../../server/reviews/reviews';
import { adminClient, contractorClient } from '../support/admin-session';
import { createContractor, type ContractorSpec } from '../support/factories';
import { contractorByName } from '../support/fixtures';
import type { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

/** Verified reviews (docs/decisions/0052-review-answer.md): the follow-up's signed link, one review per lead, the computed rating, replies, hiding, 16 CFR 465. */

let app: TestApp;
let admin: TestClient;
const DAY_MS = 86_400_000;

beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT: 'false', FOLLOW_UP_DELAY: '0' });
  admin = await adminClient(app);
});
afterAll(() => app?.close());
/** Moves the app's clock (ctx.clock) by `ms` from the real time, running on. */
const moveClock = (ms: number) => (app.ctx.clock.now = () => new Date(createClock().now().getTime() + ms));
afterEach(() => void (app.ctx.clock.now = createClock().now));

let contractorCount = 0;
/** A listed contractor of our own, with no reviews yet, so its rating is what these tests make it. */
async function newContractor(over: ContractorSpec = {}) {
  const n = ++contractorCount;
  // Its email and website share a domain of its own: the follow-up skips homeowners at it.
  return createContractor(app.ctx.db, {
    email: `office${n}@reviewtest${n}.example`,
    website: `https://www.reviewtest${n}.example`,
    verified: true,
    ...over,
  });
}

let leadCount = 0;
/** A quote request to the contractor, delivered with a plan credit; the follow-up job has run (FOLLOW_UP_DELAY=0). */
async function deliveredLead(
  contractorId: number,
  email = `homeowner${++leadCount}@example.com`,
  { runJobs = true } = {},
) {
  await app.ctx.db
    .update(contractorBilling)
    .set({ subscriptionPlan: 'free', monthlyLeadsUsed: 0, creditsPeriodStart: new Date() })
    .where(eq(contractorBilling.contractorId, contractorId));
  const lead = await app.client().post('/api/leads', {
    name: 'Dana Homeowner',
    email,
    phone: '(570) 555-0199',
    serviceNeeded: 'General Contracting',
    location: 'Laporte, PA',
    projectDetails: 'A new porch roof and steps before winter.',
    contractorId,
  });
  expect(lead.status, lead.text).toBe(201);
  const delivery = await admin.post('/api/lead-deliveries', { leadId: lead.body.id, contractorId });
  expect(delivery.status, delivery.text).toBe(201);
  expect(delivery.body.paymentState).toBe('credited');
  if (runJobs) await app.ctx.jobs.runPending();
  return { leadId: lead.body.id as number, deliveryId: delivery.body.id as number, email };
}

async function followUpEmails(to: string) {
  return app.ctx.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.toAddress, to), eq(outboxEmails.kind, 'review-request')))
    .orderBy(desc(outboxEmails.id));
}

/** The token of the link in the follow-up email to this address. */
async function tokenFor(email: string): Promise<string> {
  const [mail] = await followUpEmails(email);
  expect(mail, `a follow-up email to ${email}`).toBeDefined();
  const m = /\/review\/([\w.-]+)/.exec(mail!.textBody);
  return m![1]!;
}

const answer = (token: string, over: Record<string, unknown> = {}) =>
  app
    .client()
    .post('/api/reviews', { token, contacted: true, hired: true, rating: 5, comment: 'Great work, on time.', ...over });
const profile = async (id: number) => (await app.client().get(`/api/contractors/${id}`)).body as ContractorProfile;

describe('the follow-up email', () => {
  it('asks the homeowner about the contractor with a signed link to /review/{token}', async () => {
    const c = await newContractor();
    const { deliveryId, email } = await deliveredLead(c.id);
    const [mail] = await followUpEmails(email);
    expect(mail!.subject).toBe(`Did ${c.name} contact you? Did you hire them?`);
    expect(mail!.textBody).toContain(`Did ${c.name} contact you? Did you hire them?`);
    expect(mail!.textBody).toContain(`${app.url}/review/`);
    expect(mail!.textBody).toContain(`${app.url}/review-policy`);
    // Nothing is offered for an answer (16 CFR 465.4).
    expect(mail!.textBody).not.toMatch(/discount|coupon|gift|reward|chance to win/i);
    const [request] = await app.ctx.db.select().from(reviewRequests).where(eq(reviewRequests.deliveryId, deliveryId));
    expect(request).toMatchObject({ status: 'sent', skipReason: null });
    expect(Math.abs(request!.expiresAt!.getTime() - (Date.now() + 60 * DAY_MS))).toBeLessThan(60_000);
    expect((await tokenFor(email)).startsWith(`${deliveryId}.`)).toBe(true);
  });

  it('is sent once, however often its job runs', async () => {
    const c = await newContractor();
    const { deliveryId, email } = await deliveredLead(c.id);
    await app.ctx.jobs.send('review-follow-up', { deliveryId });
    await app.ctx.jobs.runPending();
    expect(await followUpEmails(email)).toHaveLength(1);
  });

  it('is not sent for a delivery cancelled before it was due, and says why', async () => {
    const c = await newContractor();
    const { deliveryId, email } = await deliveredLead(c.id, undefined, { runJobs: false });
    await app.ctx.db
      .update(leadDeliveries)
      .set({ paymentState: 'cancelled', cancelledAt: new Date() })
      .where(eq(leadDeliveries.id, deliveryId));
    await app.ctx.jobs.runPending();
    expect(await followUpEmails(email)).toHaveLength(0);
    expect(await followUpFor(app.ctx, { deliveryId })).toMatchObject({
      request: 'skipped',
      skipReason: 'The delivery was cancelled',
      answeredAt: null,
    });
  });
});

describe('GET /api/reviews/invitation', () => {
  it('tells the review page who is reviewed and whether the link is open, used or expired', async () => {
    const c = await newContractor();
    const { email } = await deliveredLead(c.id);
    const token = await tokenFor(email);
    const open = await app.client().get(`/api/reviews/invitation?token=${token}`);
    expect(open.status).toBe(200);
    expect(open.body).toEqual({
      status: 'open',
      contractorId: c.id,
      contractorName: c.name,
      firstName: 'Dana',
      serviceNeeded: 'General Contracting',
      expiresAt: expect.any(String),
      // "Did you hire them?" is asked until answered (docs/decisions/0128-request-page-and-replies.md).
      hireAnswer: null,
      askHire: true,
    });
    expect((await answer(token)).status).toBe(201);
    expect((await app.client().get(`/api/reviews/invitation?token=${token}`)).body.status).toBe('answered');
  });

  it('answers 400 for a forged or malformed token', async () => {
    for (const token of ['', 'nonsense', '1.abc.AAAAAAAAAAAAAAAAAAAAAA', "1'; drop table reviews; --"]) {
      const res = await app.client().get(`/api/reviews/invitation?token=${encodeURIComponent(token)}`);
      expect(res.status, token).toBe(400);
      expect(res.body.errors.token).toMatch(/review link is not valid/);
    }
  });
});

describe('POST /api/reviews', () => {
  it('stores the answer and publishes it under the first name, "Verified homeowner", newest first', async () => {
    const c = await newContractor();
    const { email, leadId, deliveryId } = await deliveredLead(c.id);
    const res = await answer(await tokenFor(email), {
      contacted: true,
      hired: false,
      rating: 4,
      comment: '  Quick to call back; we went with a cheaper quote.  ',
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), status: 'published' });
    const [row] = await app.ctx.db.select().from(reviews).where(eq(reviews.id, res.body.id));
    expect(row).toMatchObject({
      leadId,
      deliveryId,
      contractorId: c.id,
      contacted: true,
      hired: false,
      rating: 4,
      comment: 'Quick to call back; we went with a cheaper quote.',
      authorName: 'Dana',
      status: 'published',
    });

    const list = await app.client().get(`/api/contractors/${c.id}/reviews`);
    expect(list.status).toBe(200);
    expect(list.body).toEqual({
      reviews: [
        {
          id: res.body.id,
          rating: 4,
          comment: 'Quick to call back; we went with a cheaper quote.',
          hired: false,
          authorName: 'Dana',
          createdAt: expect.any(String),
          reply: null,
          repliedAt: null,
        },
      ],
      total: 1,
      page: 1,
      pageSize: 10,
      hidden: 0,
    });
    // Nothing of the homeowner's contact details, nor whether they were contacted, is public.
    expect(list.text).not.toContain(email);
    expect(list.text).not.toContain('contacted');
  });

  it('takes each link once: a used link answers 409, and two answers at once store one', async () => {
    const c = await newContractor();
    const { email, leadId } = await deliveredLead(c.id);
    const token = await tokenFor(email);
    const [a, b] = await Promise.all([answer(token, { rating: 5 }), answer(token, { rating: 1 })]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const again = await answer(token);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This review link has already been used. Thank you for your answer!');
    expect(await app.ctx.db.select().from(reviews).where(eq(reviews.leadId, leadId))).toHaveLength(1);
  });

  it('keeps one review per lead in the database itself', async () => {
    const c = await newContractor();
    const { email, leadId, deliveryId } = await deliveredLead(c.id);
    expect((await answer(await tokenFor(email))).status).toBe(201);
    await expect(
      app.ctx.db.insert(reviews).values({
        leadId,
        deliveryId,
        contractorId: c.id,
        contacted: true,
        hired: true,
        rating: 5,
        authorName: 'Dana',
      }),
    ).rejects.toThrow();
  });

  it('refuses forged links with a clear 400: another delivery, a later expiry, another secret, a changed signature', async () => {
    const c = await newContractor();
    const { email, deliveryId } = await deliveredLead(c.id);
    const token = await tokenFor(email);
    const [id, expiry, signature] = token.split('.') as [string, string, string];
    const other = await deliveredLead(c.id);
    const otherEnv = { ...app.ctx.env, SESSION_SECRET: 'another-secret-another-secret-another-0000' };
    const forged = [
      `${other.deliveryId}.${expiry}.${signature}`,
      `${id}.${(parseInt(expiry, 36) + 86_400).toString(36)}.${signature}`,
      signReviewLink(otherEnv, { deliveryId, expiresAt: new Date(Date.now() + DAY_MS) }),
      `${id}.${expiry}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
      // Signed right, but for a delivery whose follow-up was never sent.
      signReviewLink(app.ctx.env, { deliveryId: 2_000_000_000, expiresAt: new Date(Date.now() + DAY_MS) }),
    ];
    for (const f of forged) {
      const res = await answer(f);
      expect(res.status, f).toBe(400);
      expect(res.body).toEqual({
        message: 'This review link is not valid. Please use the link in the email we sent you.',
        errors: { token: expect.any(String) },
      });
    }
    expect(await app.ctx.db.select().from(reviews).where(eq(reviews.contractorId, c.id))).toHaveLength(0);
  });

  it('expires 60 days after the email (the clock moved on)', async () => {
    const c = await newContractor();
    const { email } = await deliveredLead(c.id);
    const token = await tokenFor(email);
    moveClock(59 * DAY_MS);
    expect((await app.client().get(`/api/reviews/invitation?token=${token}`)).body.status).toBe('open');
    moveClock(61 * DAY_MS);
    expect((await app.client().get(`/api/reviews/invitation?token=${token}`)).body.status).toBe('expired');
    const res = await answer(token);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('This review link has expired. Review links work for 60 days after the email.');
    app.ctx.clock.now = createClock().now;
    expect((await answer(token)).status).toBe(201);
  });

  it('answers 400 with a message per field for a bad body, and stores nothing', async () => {
    const c = await newContractor();
    const { email } = await deliveredLead(c.id);
    const token = await tokenFor(email);
    const res = await app
      .client()
      .post('/api/reviews', { token, contacted: 'maybe', rating: 6, comment: 'x'.repeat(2_001) });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      contacted: 'Please answer: did they contact you?',
      hired: 'Please answer: did you hire them?',
      rating: 'Please choose a rating from 1 to 5 stars',
      comment: 'The comment must be at most 2,000 characters',
    });
    expect((await app.client().post('/api/reviews', { contacted: true, hired: true, rating: 5 })).body.errors).toEqual({
      token: 'This review link is not valid',
    });
    expect((await answer(token, { rating: 2.5 })).status).toBe(400);
    expect((await answer(token, { comment: 'x'.repeat(2_000) })).status).toBe(201);
  });
});

describe("the contractor's rating", () => {
  it('is computed from published reviews and shows at once in the profile, search, browse, sorting and JSON-LD', async () => {
    const c = await newContractor({ name: 'Aaa Fresh Rating Builders' });
    const before = await profile(c.id);
    expect(before).toMatchObject({ rating: 0, reviewCount: 0 });
    expect(localBusinessJsonLd(before, app.url, region)).not.toHaveProperty('aggregateRating');
    const fiveStars = async () =>
      (await app.client().get('/api/contractors/search?minRating=5&licensed=false&pageSize=48')).body.contractors.map(
        (x: { id: number }) => x.id,
      );
    expect(await fiveStars()).not.toContain(c.id);

    for (const rating of [5, 4])
      expect((await answer(await tokenFor((await deliveredLead(c.id)).email), { rating })).status).toBe(201);
    // (5 + 4) / 2 = 4.5, kept to one decimal as the spec shows it.
    const after = await profile(c.id);
    expect(after).toMatchObject({ rating: 4.5, reviewCount: 2 });
    expect(localBusinessJsonLd(after, app.url, region)).toMatchObject({
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 2, bestRating: 5, worstRating: 1 },
    });
    const browse = (await app.client().get('/api/contractors?service=general-contracting&minRating=4&pageSize=48')).body
      .contractors;
    expect(browse.find((x: { id: number }) => x.id === c.id)).toMatchObject({ rating: 4.5, reviewCount: 2 });
    expect(
      (await app.client().get('/api/contractors?minRating=5&pageSize=48')).body.contractors.map(
        (x: { id: number }) => x.id,
      ),
    ).not.toContain(c.id);

    // Sorted by rating it now stands among the 4.5s, by its review count; by name it is first either way.
    const byRating = (await app.client().get('/api/contractors?sort=rating&pageSize=48')).body.contractors as {
      id: number;
      rating: number;
      reviewCount: number;
    }[];
    const at = byRating.findIndex((x) => x.id === c.id);
    expect(at).toBeGreaterThanOrEqual(0);
    expect(byRating.slice(0, at).every((x) => x.rating > 4.5 || (x.rating === 4.5 && x.reviewCount >= 2))).toBe(true);
    expect(byRating.slice(at + 1).every((x) => x.rating < 4.5 || (x.rating === 4.5 && x.reviewCount <= 2))).toBe(true);

    // A third review, a 1: (5 + 4 + 1) / 3 = 3.3.
    expect(
      (await answer(await tokenFor((await deliveredLead(c.id)).email), { rating: 1, contacted: false, hired: false }))
        .status,
    ).toBe(201);
    expect(await profile(c.id)).toMatchObject({ rating: 3.3, reviewCount: 3 });
    const sortedByReviews = (
      await app.client().get('/api/contractors/search?sort=reviews&licensed=false&minRating=3&pageSize=48')
    ).body.contractors as { id: number; reviewCount: number }[];
    expect(sortedByReviews.find((x) => x.id === c.id)).toMatchObject({ reviewCount: 3 });
  });

  it('keeps every review when two homeowners answer at the same moment', async () => {
    const c = await newContractor();
    const tokens: string[] = [];
    for (let i = 0; i < 4; i++) tokens.push(await tokenFor((await deliveredLead(c.id)).email));
    const answers = await Promise.all(tokens.map((t, i) => answer(t, { rating: i + 2 })));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201]);
    expect(await profile(c.id)).toMatchObject({ rating: 3.5, reviewCount: 4 });
  });

  it('matches the seeded sample ratings, which come from sample reviews made the same way', async () => {
    const seeded = await contractorByName(app.ctx.db, 'Endless Mountains Roofing');
    const [stats] = await app.ctx.db
      .select({ n: sql<number>`count(*)::int`, avg: sql<number>`round(avg(${reviews.rating})::numeric, 1)::float` })
      .from(reviews)
      .where(and(eq(reviews.contractorId, seeded.id), eq(reviews.status, 'published')));
    expect(seeded).toMatchObject({ rating: 4.6, reviewCount: 118 });
    expect(stats).toEqual({ n: 118, avg: 4.6 });
  });
});

describe('GET /api/contractors/{id}/reviews', () => {
  it('pages the published reviews newest first', async () => {
    const seeded = await contractorByName(app.ctx.db, 'Loyalsock Creek Builders');
    const first = await app.client().get(`/api/contractors/${seeded.id}/reviews`);
    expect(first.body).toMatchObject({ total: 62, page: 1, pageSize: 10, hidden: 0 });
    expect(first.body.reviews).toHaveLength(10);
    const last = await app.client().get(`/api/contractors/${seeded.id}/reviews?page=7`);
    expect(last.body.reviews).toHaveLength(2);
    expect((await app.client().get(`/api/contractors/${seeded.id}/reviews?page=8`)).body.reviews).toEqual([]);
    const all = [];
    for (let page = 1; page <= 7; page++)
      all.push(...(await app.client().get(`/api/contractors/${seeded.id}/reviews?page=${page}`)).body.reviews);
    const times = all.map((r: { createdAt: string }) => Date.parse(r.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set(all.map((r: { id: number }) => r.id)).size).toBe(62);
  });

  it('answers 404 for a contractor that is not listed and 400 for a bad page', async () => {
    const hidden = await newContractor({ isVisible: false });
    expect((await app.client().get(`/api/contractors/${hidden.id}/reviews`)).status).toBe(404);
    expect((await app.client().get('/api/contractors/99999999/reviews')).status).toBe(404);
    const seeded = await contractorByName(app.ctx.db, 'Loyalsock Creek Builders');
    expect((await app.client().get(`/api/contractors/${seeded.id}/reviews?page=0`)).body.errors).toEqual({
      page: 'page must be at least 1',
    });
    expect((await app.client().get(`/api/contractors/${seeded.id}/reviews?page=x`)).status).toBe(400);
  });
});

describe("the contractor's reply", () => {
  it('is one public reply per review; the contractor can neither change nor remove a review', async () => {
    const c = await newContractor();
    const { email } = await deliveredLead(c.id);
    const { id } = (
      await answer(await tokenFor(email), { rating: 2, contacted: false, hired: false, comment: 'Never called.' })
    ).body;
    const portal = await contractorClient(app, c.id);

    const own = await portal.get('/api/contractor/reviews');
    expect(own.status).toBe(200);
    // The contractor sees what the homeowner answered, "not contacted" included.
    expect(own.body.reviews[0]).toMatchObject({
      id,
      rating: 2,
      contacted: false,
      hired: false,
      comment: 'Never called.',
      status: 'published',
    });

    const reply = await portal.post(`/api/contractor/reviews/${id}/reply`, {
      reply: 'We are sorry: your request reached us while we were away. Please call us.',
    });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body).toMatchObject({
      id,
      reply: 'We are sorry: your request reached us while we were away. Please call us.',
      repliedAt: expect.any(String),
      comment: 'Never called.',
      rating: 2,
    });
    const again = await portal.post(`/api/contractor/reviews/${id}/reply`, { reply: 'Second thoughts' });
    expect(again.status).toBe(409);
    expect((await portal.post(`/api/contractor/reviews/${id}/reply`, { reply: '  ' })).status).toBe(400);
    expect((await app.client().get(`/api/contractors/${c.id}/reviews`)).body.reviews[0]).toMatchObject({
      reply: 'We are sorry: your request reached us while we were away. Please call us.',
    });

    // No way to change or hide a review from the portal.
    expect((await portal.patch(`/api/contractor/reviews/${id}`, { rating: 5 })).status).toBe(404);
    expect((await portal.post(`/api/admin/reviews/${id}/hide`, { reason: 'abuse' })).status).toBe(403);
    expect((await portal.request('DELETE', `/api/contractor/reviews/${id}`)).status).toBe(404);
    expect((await app.ctx.db.select().from(reviews).where(eq(reviews.id, id)))[0]).toMatchObject({
      rating: 2,
      comment: 'Never called.',
      status: 'published',
    });
  });

  it("cannot be posted to another contractor's review (404) or signed out (401)", async () => {
    const c = await newContractor();
    const other = await newContractor();
    const { email } = await deliveredLead(c.id);
    const { id } = (await answer(await tokenFor(email))).body;
    const portal = await contractorClient(app, other.id);
    expect((await portal.post(`/api/contractor/reviews/${id}/reply`, { reply: 'Thanks!' })).status).toBe(404);
    expect((await app.client().post(`/api/contractor/reviews/${id}/reply`, { reply: 'Thanks!' })).status).toBe(401);
    expect((await portal.get('/api/contractor/reviews')).body.reviews).toEqual([]);
  });
});

describe('hiding under the review policy', () => {
  it('hides a review for a reason the policy names, takes it out of the rating at once, and shows it again', async () => {
    const c = await newContractor();
    const good = (
      await answer(await tokenFor((await deliveredLead(c.id)).email), {
        rating: 5,
        comment: 'Call Bob at 570-555-0123, he was great',
      })
    ).body.id;
    expect((await answer(await tokenFor((await deliveredLead(c.id)).email), { rating: 3 })).status).toBe(201);
    expect(await profile(c.id)).toMatchObject({ rating: 4, reviewCount: 2 });

    expect((await app.client().post(`/api/admin/reviews/${good}/hide`, { reason: 'personal_data' })).status).toBe(401);
    expect((await admin.post(`/api/admin/reviews/${good}/hide`, { reason: 'too positive' })).body.errors).toEqual({
      reason: 'reason must be one of abuse, personal_data, unrelated',
    });
    expect((await admin.post(`/api/admin/reviews/${good}/hide`, {})).status).toBe(400);
    const hidden = await admin.post(`/api/admin/reviews/${good}/hide`, {
      reason: 'personal_data',
      note: "A third person's phone number",
    });
    expect(hidden.status, hidden.text).toBe(200);
    expect(hidden.body).toMatchObject({
      id: good,
      status: 'hidden',
      hiddenReason: 'personal_data',
      hiddenNote: "A third person's phone number",
      hiddenAt: expect.any(String),
      hiddenBy: expect.any(String),
    });

    // The same rule for a 5-star review as for a 1-star one: it leaves the rating and the list, and the list says so.
    expect(await profile(c.id)).toMatchObject({ rating: 3, reviewCount: 1 });
    const list = (await app.client().get(`/api/contractors/${c.id}/reviews`)).body;
    expect(list).toMatchObject({ total: 1, hidden: 1 });
    expect(list.reviews.map((r: { id: number }) => r.id)).not.toContain(good);
    // The contractor sees it is hidden and why, not who decided or their note.
    const portal = await contractorClient(app, c.id);
    expect(
      (await portal.get('/api/contractor/reviews')).body.reviews.find((r: { id: number }) => r.id === good),
    ).toMatchObject({
      status: 'hidden',
      hiddenReason: 'personal_data',
      hiddenNote: null,
      hiddenBy: null,
    });

    const shown = await admin.post(`/api/admin/reviews/${good}/show`);
    expect(shown.body).toMatchObject({ status: 'published', hiddenReason: null });
    expect(await profile(c.id)).toMatchObject({ rating: 4, reviewCount: 2 });
    expect((await admin.post('/api/admin/reviews/99999999/hide', { reason: 'abuse' })).status).toBe(404);
  });

  it("lists every review for the administrator with the homeowner's answers, 'not contacted' on its own", async () => {
    const c = await newContractor();
    const { id } = (
      await answer(await tokenFor((await deliveredLead(c.id)).email), {
        contacted: false,
        hired: false,
        rating: 1,
        comment: 'Nobody called.',
      })
    ).body;
    const all = await admin.get('/api/admin/reviews');
    expect(all.status).toBe(200);
    expect(all.body.reviews[0]).toMatchObject({
      id,
      contractorId: c.id,
      contractorName: c.name,
      contacted: false,
      hired: false,
      rating: 1,
      serviceNeeded: 'General Contracting',
    });
    const notContacted = (await admin.get('/api/admin/reviews?filter=not_contacted')).body.reviews as {
      contacted: boolean;
    }[];
    expect(notContacted.length).toBeGreaterThan(0);
    expect(notContacted.every((r) => r.contacted === false)).toBe(true);
    expect((await admin.get('/api/admin/reviews?filter=bad')).status).toBe(400);
    expect((await app.client().get('/api/admin/reviews')).status).toBe(401);
  });

  it("has no way for anyone to write a review without a homeowner's link", async () => {
    const c = await newContractor();
    for (const [method, path] of [
      ['POST', '/api/admin/reviews'],
      ['POST', `/api/contractors/${c.id}/reviews`],
      ['PATCH', '/api/admin/reviews/1'],
      ['DELETE', '/api/admin/reviews/1'],
    ] as const) {
      expect((await admin.request(method, path, { contractorId: c.id, rating: 5 })).status, `${method} ${path}`).toBe(
        404,
      );
    }
  });
});

describe('who may review (16 CFR 465: not the business, its staff or relatives)', () => {
  it("skips the follow-up when the homeowner's email is the contractor's, its sign-in's, or at its website's domain", async () => {
    const c = await newContractor();
    await app.ctx.db.insert(contractorAccounts).values({ contractorId: c.id, email: `owner@mail${c.id}.example` });
    for (const email of [
      c.email.toUpperCase(),
      `owner@mail${c.id}.example`,
      `nephew@reviewtest${contractorCount}.example`,
      `crew@shop.reviewtest${contractorCount}.example`,
    ]) {
      const { deliveryId } = await deliveredLead(c.id, email);
      expect(await followUpEmails(email.toLowerCase())).toHaveLength(0);
      expect(await followUpEmails(email)).toHaveLength(0);
      expect((await followUpFor(app.ctx, { deliveryId }))?.request, email).toBe('skipped');
    }
  });

  it('asks a homeowner on a free-mail domain the contractor also uses', async () => {
    const c = await newContractor({ email: 'reviewtest.builders@gmail.example', website: null });
    const { email } = await deliveredLead(c.id, 'neighbor@gmail.example');
    expect(await followUpEmails(email)).toHaveLength(1);
  });

  it("refuses the answer (403) when the contractor's address has become the homeowner's since the email", async () => {
    const c = await newContractor();
    const { email } = await deliveredLead(c.id, 'partner@example.com');
    const token = await tokenFor(email);
    await app.ctx.db.update(contractors).set({ email: 'Partner@example.com' }).where(eq(contractors.id, c.id));
    const res = await answer(token);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("A contractor's own business, staff or family cannot review it.");
  });
});

describe('followUpFor (for the claims list and contractor figures)', () => {
  it('says pending, sent, then the answer, by delivery or by lead', async () => {
    const c = await newContractor();
    const { deliveryId, leadId, email } = await deliveredLead(c.id, undefined, { runJobs: false });
    expect(await followUpFor(app.ctx, { deliveryId })).toEqual({
      request: 'pending',
      skipReason: null,
      sentAt: null,
      answeredAt: null,
      contacted: null,
      hired: null,
      rating: null,
      reviewId: null,
    });
    await app.ctx.jobs.runPending();
    expect(await followUpFor(app.ctx, { leadId })).toMatchObject({
      request: 'sent',
      sentAt: expect.any(String),
      answeredAt: null,
    });
    const { id } = (await answer(await tokenFor(email), { contacted: false, hired: false, rating: 2 })).body;
    expect(await followUpFor(app.ctx, { deliveryId })).toMatchObject({
      request: 'sent',
      answeredAt: expect.any(String),
      contacted: false,
      hired: false,
      rating: 2,
      reviewId: id,
    });
    expect(await followUpFor(app.ctx, { deliveryId: 99_999_999 })).toBeNull();
  });
});
