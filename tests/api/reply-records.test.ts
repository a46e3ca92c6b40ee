import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ContractorProfile, PublicContractor } from '@shared/schemas/directory';
import { contractorReplyRecords, outboxEmails, regions, reviewRequests } from '../../server/db/schema';
import {
  REFRESH_REPLY_RECORDS,
  refreshAllReplyRecords,
  refreshReplyRecords,
} from '../../server/contractors/reply-records';
import { adminClient, contractorClient } from '../support/admin-session';
import { createContractor } from '../support/factories';
import type { TestClient } from '../support/http-client';
import { creditedLead, heldClock } from '../support/reply-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Reply records on profiles and cards (issue 35, part 4; docs/decisions/0128-request-page-and-replies.md):
 * "Usually replies within 2 hours" once 3 leads of the last 90 days count, in daytime hours, and
 * the homeowners' word on being contacted once 3 said; kept in a table the directory reads, moved
 * by each reply and by the hourly refresh. The directory cache stays on, so its version must move.
 */
let app: TestApp;
let admin: TestClient;
let clock: ReturnType<typeof heldClock>;
let n = 0;

beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT: 'false' });
  admin = await adminClient(app);
  clock = heldClock(app);
  await app.ctx.db.update(regions).set({ leadDelivery: 'manual' });
});
beforeEach(() => clock?.reset());
afterAll(() => app?.close());

const clockAt = (iso: string) => clock.at(iso);

/** A lead delivered to `contractorId` with a plan credit, credited at `creditedIso`; answers its delivery. */
const creditedDelivery = async (contractorId: number, creditedIso: string) =>
  (await creditedLead(app, admin, contractorId, creditedIso)).deliveryId;

const profile = async (id: number) => (await app.client().get(`/api/contractors/${id}`)).body as ContractorProfile;
const card = async (id: number, name: string) =>
  (
    (await app.client().get(`/api/contractors?search=${encodeURIComponent(name)}`)).body
      .contractors as PublicContractor[]
  ).find((c) => c.id === id);

describe('the reply record', () => {
  it('shows the median daytime reply time on the profile and cards once 3 leads count, and ages out', async () => {
    const name = `Quick Reply Roofing ${Date.now()}`;
    const c = await createContractor(app.ctx.db, { services: ['roofing'], name });
    const portal = await contractorClient(app, c.id);
    const deliveries = [];
    for (let i = 0; i < 3; i++) deliveries.push(await creditedDelivery(c.id, '2027-01-12T14:00:00Z')); // 9 am Eastern
    // Replies 90 minutes, 2 hours and 4 hours later (a call mark counts as a reply).
    clockAt('2027-01-12T15:30:00Z');
    expect((await portal.post(`/api/contractor/leads/${deliveries[0]}/replies`, { message: 'Hello' })).status).toBe(
      201,
    );
    expect((await profile(c.id)).replies).toBeNull();
    clockAt('2027-01-12T16:00:00Z');
    expect((await portal.post(`/api/contractor/leads/${deliveries[1]}/called`)).status).toBe(201);
    expect((await profile(c.id)).replies).toBeNull();
    clockAt('2027-01-12T18:00:00Z');
    expect((await portal.post(`/api/contractor/leads/${deliveries[2]}/replies`, { message: 'Hi' })).status).toBe(201);
    expect((await profile(c.id)).replies).toBe('Usually replies within 2 hours');
    expect((await card(c.id, name))?.replies).toBe('Usually replies within 2 hours');
    // The contractor's stats show the same words and the leads behind them.
    const record = (await portal.get('/api/contractor/stats')).body.replyRecord;
    expect(record).toMatchObject({ replies: 'Usually replies within 2 hours', medianMinutes: 120, contacted: null });
    expect(record.leads.map((l: { minutes: number }) => l.minutes).sort((a: number, b: number) => a - b)).toEqual([
      90, 120, 240,
    ]);

    // 91 days on, the leads have left the window: the hourly refresh takes the record down.
    clockAt('2027-04-14T15:00:00Z');
    expect(await refreshAllReplyRecords(app.ctx)).toBeGreaterThanOrEqual(1);
    expect((await profile(c.id)).replies).toBeNull();
    expect(await app.ctx.jobs.schedules()).toContainEqual(
      expect.objectContaining({ name: REFRESH_REPLY_RECORDS, cron: '20 * * * *' }),
    );
  });

  it('counts a lead unanswered for a daytime day as slower than any answer', async () => {
    const c = await createContractor(app.ctx.db, { services: ['roofing'], name: `Slow Reply Roofing ${++n}` });
    const portal = await contractorClient(app, c.id);
    const a = await creditedDelivery(c.id, '2027-02-02T14:00:00Z');
    await creditedDelivery(c.id, '2027-02-02T14:00:00Z');
    await creditedDelivery(c.id, '2027-02-02T14:00:00Z');
    clockAt('2027-02-02T14:30:00Z');
    expect((await portal.post(`/api/contractor/leads/${a}/called`)).status).toBe(201);
    // Two of three never answered, a daytime day later: no record rather than a flattering one.
    clockAt('2027-02-03T15:00:00Z');
    await refreshReplyRecords(app.ctx, [c.id]);
    const [row] = await app.ctx.db
      .select()
      .from(contractorReplyRecords)
      .where(eq(contractorReplyRecords.contractorId, c.id));
    expect(row).toMatchObject({ medianMinutes: null, leadsCounted: 3 });
    expect((await profile(c.id)).replies).toBeNull();
  });

  it('says how many homeowners said they were contacted, once 3 answered', async () => {
    const c = await createContractor(app.ctx.db, { services: ['roofing'], name: `Answered Roofing ${++n}` });
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(await creditedDelivery(c.id, new Date(Date.now() - 86_400_000).toISOString()));
    const answer = (deliveryId: number, hireAnswer: 'hired' | 'not_contacted') =>
      app.ctx.db
        .insert(reviewRequests)
        .values({ deliveryId, status: 'sent', expiresAt: new Date(Date.now() + 86_400_000), hireAnswer })
        .onConflictDoUpdate({ target: reviewRequests.deliveryId, set: { hireAnswer } });
    await answer(ids[0]!, 'hired');
    await answer(ids[1]!, 'not_contacted');
    await refreshReplyRecords(app.ctx, [c.id]);
    expect((await profile(c.id)).contacted).toBeNull();
    await answer(ids[2]!, 'hired');
    await refreshReplyRecords(app.ctx, [c.id]);
    expect((await profile(c.id)).contacted).toEqual({ yes: 2, of: 3 });

    // The contractor contests the "never contacted" through the claim flow; approved, it stops counting, and nothing is refunded.
    const portal = await contractorClient(app, c.id);
    const vague = await portal.post(`/api/contractor/leads/${ids[1]}/claim`, { reason: 'contact_disputed' });
    expect(vague.status).toBe(400);
    expect(vague.body.errors.details).toBe('Say when and how you contacted them');
    const claimed = await portal.post(`/api/contractor/leads/${ids[1]}/claim`, {
      reason: 'contact_disputed',
      details: 'I called on Tuesday at 10 and we talked for twenty minutes.',
    });
    expect(claimed.status, claimed.text).toBe(201);
    const claimId = claimed.body.claim.id as number;
    const approved = await admin.post(`/api/admin/lead-claims/${claimId}/approve`, { note: '' });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body.refund).toBeNull();
    expect((await profile(c.id)).contacted).toBeNull();
    const [record] = await app.ctx.db
      .select()
      .from(contractorReplyRecords)
      .where(eq(contractorReplyRecords.contractorId, c.id));
    expect(record).toMatchObject({ contactedYes: 2, contactedAnswers: 2 });
    // To the contractor's sign-in address (the portal's account).
    const [decision] = await app.ctx.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.kind, 'claim-decision'))
      .orderBy(desc(outboxEmails.id))
      .limit(1);
    expect(decision!.textBody).toContain(`Hello ${c.name},`);
    expect(decision!.textBody).toContain('no longer counts in your reply record');
  });
});
