import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contractorLeadPreferences, leads, outboxEmails, regions } from '../../server/db/schema';
import { REPLY_REMINDERS, remindUnanswered } from '../../server/leads/requests/reply-reminders';
import { adminClient, contractorClient } from '../support/admin-session';
import { createContractor } from '../support/factories';
import type { TestClient } from '../support/http-client';
import { creditedLead, heldClock } from '../support/reply-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The reply reminder (issue 35, part 4; docs/decisions/0128-request-page-and-replies.md): a lead
 * taken with no reply for 4 daytime hours (8 am to 8 pm Eastern) reminds its contractor once, by
 * email and by text when it opted in, only in the daytime; the test clock stands in for the hours.
 */
let app: TestApp;
let admin: TestClient;
let clock: ReturnType<typeof heldClock>;
let n = 0;

beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT: 'false' });
  admin = await adminClient(app);
  clock = heldClock(app);
  // An administrator delivers each lead here, with the contractor's credit.
  await app.ctx.db.update(regions).set({ leadDelivery: 'manual' });
});
beforeEach(() => clock?.reset());
afterAll(() => app?.close());

const clockAt = (iso: string) => clock.at(iso);

/** A lead credited to a new contractor at `creditedAt`; answers the delivery and the contractor. */
async function creditedAt(creditedIso: string, opts: { textPhone?: string } = {}) {
  const c = await createContractor(app.ctx.db, { services: ['roofing'], name: `Reminded Roofing ${++n}` });
  if (opts.textPhone)
    await app.ctx.db
      .insert(contractorLeadPreferences)
      .values({ contractorId: c.id, textPhone: opts.textPhone, textOptIn: true });
  const { leadId, deliveryId } = await creditedLead(app, admin, c.id, creditedIso);
  return { deliveryId, leadId, contractor: c };
}

const remindersTo = (to: string) =>
  app.ctx.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.toAddress, to), eq(outboxEmails.kind, 'reply-reminder')));

describe('the reply reminder', () => {
  it('runs every 15 minutes', async () => {
    expect((await app.ctx.jobs.schedules()).find((s) => s.name === REPLY_REMINDERS)).toMatchObject({
      cron: '*/15 * * * *',
    });
  });

  it('reminds once after 4 daytime hours, by email and by text when opted in', async () => {
    // Credited at 9 am Eastern on a Tuesday.
    const { contractor, deliveryId } = await creditedAt('2027-01-12T14:00:00Z', { textPhone: '570-555-0144' });
    clockAt('2027-01-12T17:00:00Z'); // noon: 3 hours
    await remindUnanswered(app.ctx);
    expect(await remindersTo(contractor.email)).toEqual([]);
    clockAt('2027-01-12T18:05:00Z'); // 1:05 pm: 4 hours 5 minutes
    expect(await remindUnanswered(app.ctx)).toBeGreaterThanOrEqual(1);
    const [mail] = await remindersTo(contractor.email);
    expect(mail!.subject).toBe('Reminder: the homeowner is waiting for your reply (Roofing)');
    expect(mail!.textBody).toContain(`delivery=${deliveryId}`);
    expect(mail!.textBody).not.toContain('Riley');
    expect(await remindersTo('+15705550144')).toHaveLength(1);
    clockAt('2027-01-12T19:00:00Z');
    await remindUnanswered(app.ctx);
    expect(await remindersTo(contractor.email)).toHaveLength(1);
  });

  it('counts only daytime hours, and reminds only in the daytime', async () => {
    // Credited at 6:30 pm Eastern: 90 daytime minutes that evening.
    const { contractor } = await creditedAt('2027-01-12T23:30:00Z');
    clockAt('2027-01-13T06:00:00Z'); // 1 am: 6 wall hours, 90 daytime minutes, and night
    await remindUnanswered(app.ctx);
    clockAt('2027-01-13T15:00:00Z'); // 10 am: 90 + 120 daytime minutes
    await remindUnanswered(app.ctx);
    expect(await remindersTo(contractor.email)).toEqual([]);
    clockAt('2027-01-13T15:31:00Z'); // 10:31 am: 90 + 151
    await remindUnanswered(app.ctx);
    expect(await remindersTo(contractor.email)).toHaveLength(1);
  });

  it('not after a reply or a call mark, nor for a lead marked lost or withdrawn', async () => {
    const replied = await creditedAt('2027-01-14T14:00:00Z');
    const portal = await contractorClient(app, replied.contractor.id);
    expect((await portal.post(`/api/contractor/leads/${replied.deliveryId}/called`)).status).toBe(201);
    const lost = await creditedAt('2027-01-14T14:00:00Z');
    const lostPortal = await contractorClient(app, lost.contractor.id);
    expect((await lostPortal.patch(`/api/contractor/leads/${lost.deliveryId}/status`, { status: 'lost' })).status).toBe(
      200,
    );
    const withdrawn = await creditedAt('2027-01-14T14:00:00Z');
    await app.ctx.db.update(leads).set({ withdrawnAt: new Date() }).where(eq(leads.id, withdrawn.leadId));
    clockAt('2027-01-14T20:00:00Z');
    await remindUnanswered(app.ctx);
    for (const c of [replied, lost, withdrawn]) expect(await remindersTo(c.contractor.email)).toEqual([]);
  });
});
