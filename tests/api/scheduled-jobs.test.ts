import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractorBilling, contractors, leads, outboxEmails, regions, sessions } from '../../server/db/schema';
import { ROUTE_LEAD } from '../../server/leads/routing/route-lead';
import { ADMIN_DIGEST, createJobQueue, PRUNE_SESSIONS, registerJobs, RESET_FREE_CREDITS } from '../../server/jobs';
import { monthStart } from '../../server/leads/credits';
import { createContractor } from '../support/factories';
import { startTestApp, type TestApp } from '../support/test-app';

// The recurring jobs (docs/decisions/0089-recurring-jobs.md). Their schedules are checked as
// pg-boss stores them; each job is run here through the queue, inline (app.ctx.jobs.runPending()).

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT: 'false' });
});
afterAll(() => app?.close());

const HOUR = 60 * 60_000;

describe('prune-sessions', () => {
  it('runs hourly and deletes expired sessions only', async () => {
    expect(await app.ctx.jobs.schedules()).toContainEqual({
      name: PRUNE_SESSIONS,
      cron: '0 * * * *',
      tz: 'America/New_York',
    });
    const sid = () => `test-${randomBytes(6).toString('hex')}`;
    const expired = [sid(), sid(), sid()];
    const live = [sid(), sid()];
    await app.ctx.db
      .insert(sessions)
      .values([
        ...expired.map((s, i) => ({ sid: s, data: {}, expiresAt: new Date(Date.now() - (i + 1) * HOUR) })),
        ...live.map((s) => ({ sid: s, data: {}, expiresAt: new Date(Date.now() + HOUR) })),
      ]);

    await app.ctx.jobs.send(PRUNE_SESSIONS, {});
    expect(await app.ctx.jobs.runPending()).toBe(1);
    const left = await app.ctx.db
      .select({ sid: sessions.sid })
      .from(sessions)
      .where(inArray(sessions.sid, [...expired, ...live]));
    expect(left.map((r) => r.sid).sort()).toEqual([...live].sort());
  });
});

describe('reset-free-credits', () => {
  it('runs at the start of each UTC month and starts the new month for Free contractors only, once; the lazy refresh still covers a missed run', async () => {
    expect(await app.ctx.jobs.schedules()).toContainEqual({ name: RESET_FREE_CREDITS, cron: '5 0 1 * *', tz: 'UTC' });
    const lastMonth = new Date(monthStart(new Date()).getTime() - 10 * 24 * HOUR);
    const free = await createContractor(app.ctx.db, {
      billing: { subscriptionPlan: 'free', monthlyLeadsUsed: 2, creditsPeriodStart: lastMonth },
    });
    const pro = await createContractor(app.ctx.db, {
      billing: {
        subscriptionPlan: 'pro',
        monthlyLeadsUsed: 9,
        creditsPeriodStart: lastMonth,
        creditsResetKey: 'in_paid',
      },
    });
    const row = async (id: number) =>
      (await app.ctx.db.select().from(contractorBilling).where(eq(contractorBilling.contractorId, id)))[0]!;
    const listingUpdatedAt = async (id: number) =>
      (await app.ctx.db.select({ at: contractors.updatedAt }).from(contractors).where(eq(contractors.id, id)))[0]!.at;
    const before = await listingUpdatedAt(free.id);

    await app.ctx.jobs.send(RESET_FREE_CREDITS, {});
    expect(await app.ctx.jobs.runPending()).toBe(1);
    const start = monthStart(new Date());
    const reset = await row(free.id);
    expect(reset).toMatchObject({
      monthlyLeadsUsed: 0,
      creditsPeriodStart: start,
      creditsResetKey: `month:${start.toISOString().slice(0, 7)}`,
    });
    // Credit bookkeeping is not a change to the listing (the sitemap's lastmod).
    expect(await listingUpdatedAt(free.id)).toEqual(before);
    expect(await row(pro.id)).toMatchObject({
      monthlyLeadsUsed: 9,
      creditsPeriodStart: lastMonth,
      creditsResetKey: 'in_paid',
    });

    // Run again in the same month: credits used since the reset stay used.
    await app.ctx.db
      .update(contractorBilling)
      .set({ monthlyLeadsUsed: 1 })
      .where(eq(contractorBilling.contractorId, free.id));
    await app.ctx.jobs.send(RESET_FREE_CREDITS, {});
    expect(await app.ctx.jobs.runPending()).toBe(1);
    expect((await row(free.id)).monthlyLeadsUsed).toBe(1);
  });
});

describe('admin-digest', () => {
  it('is off by default: no schedule', async () => {
    expect((await app.ctx.jobs.schedules()).map((s) => s.name)).not.toContain(ADMIN_DIGEST);
  });

  it('with ADMIN_DIGEST=true runs daily at 7:00 Eastern and emails what waits: submissions to review and leads to deliver', async () => {
    const on = await startTestApp({ RATE_LIMIT: 'false', ADMIN_DIGEST: 'true', ADMIN_EMAIL: 'office@example.com' });
    try {
      expect(await on.ctx.jobs.schedules()).toContainEqual({
        name: ADMIN_DIGEST,
        cron: '0 7 * * *',
        tz: 'America/New_York',
      });
      const requested = await createContractor(on.ctx.db);
      // One waiting submission received today, one older; two leads not yet delivered.
      await on.ctx.db
        .update(contractors)
        .set({ approvalStatus: 'approved' })
        .where(eq(contractors.approvalStatus, 'pending'));
      await on.ctx.db.update(regions).set({ leadDelivery: 'manual' });
      await on.ctx.db.delete(leads);
      const older = await createContractor(on.ctx.db, {
        approvalStatus: 'pending',
        isVisible: false,
        createdAt: new Date(Date.now() - 3 * 24 * HOUR),
      });
      const submitted = await on.client().post('/api/contractors/submit', {
        name: 'Digest Roofing',
        email: 'digest.roofing@example.com',
        phone: '(570) 555-0123',
        website: '',
        address: '1 Main Street',
        city: 'Laporte',
        zip: '18626',
        description: 'Roofs and gutters across the county since 1999, fully insured.',
        yearsInBusiness: '10',
        licenseNumber: 'PA123456',
        insuranceInfo: 'General liability $1M',
        projectGalleryUrl: '',
        services: ['Roofing'],
      });
      expect(submitted.status, submitted.text).toBe(201);
      for (const name of ['First Digest Homeowner', 'Second Digest Homeowner']) {
        const res = await on.client().post('/api/leads', {
          name,
          email: 'dana@example.com',
          phone: '(570) 555-0199',
          serviceNeeded: 'Kitchen Remodeling',
          location: 'Laporte, PA',
          projectDetails: 'Replace cabinets and counters in a 1970s kitchen.',
          contractorId: requested.id,
        });
        expect(res.status, res.text).toBe(201);
      }

      // The requests are routed first: the county delivers by hand, so both are held for an administrator.
      expect(await on.ctx.jobs.runPending({ only: [ROUTE_LEAD] })).toBe(2);
      await on.ctx.jobs.send(ADMIN_DIGEST, {});
      expect(await on.ctx.jobs.runPending()).toBe(1);
      const [digest] = await on.ctx.db.select().from(outboxEmails).where(eq(outboxEmails.kind, 'admin-digest'));
      expect(digest).toMatchObject({
        toAddress: 'office@example.com',
        subject: 'Daily summary: 2 submissions to review, 2 leads to deliver',
        status: 'kept',
      });
      expect(digest!.textBody).toContain('Business submissions to review: 2 (1 in the last day)');
      expect(digest!.textBody).toMatch(new RegExp(`^- ${older.name}, .+ \\(received .+\\)$`, 'm'));
      expect(digest!.textBody).toMatch(/^- Digest Roofing, Laporte, PA \(received .+\)$/m);
      expect(digest!.textBody).toContain(`Review them at ${on.url}/admin/contractors`);
      expect(digest!.textBody).toContain('Leads not yet delivered: 2 (2 in the last day)');
      expect(digest!.textBody).toMatch(
        new RegExp(`^- Kitchen Remodeling in Laporte, PA for ${requested.name}, \\$[\\d,.]+ \\(received .+\\)$`, 'm'),
      );
      expect(digest!.textBody).toContain(`Deliver them at ${on.url}/admin/leads`);
      // No customer contact details in the admin's daily summary.
      expect(digest!.textBody).not.toContain('dana@example.com');

      // Nothing waiting: no email.
      await on.ctx.db
        .update(contractors)
        .set({ approvalStatus: 'approved' })
        .where(eq(contractors.approvalStatus, 'pending'));
      await on.ctx.db.update(leads).set({ status: 'lost' });
      await on.ctx.jobs.send(ADMIN_DIGEST, {});
      expect(await on.ctx.jobs.runPending()).toBe(1);
      expect(await on.ctx.db.$count(outboxEmails, eq(outboxEmails.kind, 'admin-digest'))).toBe(1);

      // Turned off again, the next start removes the schedule from the database.
      const off = createJobQueue({ database: on.ctx.database, log: on.ctx.log });
      registerJobs({ ...on.ctx, env: { ...on.ctx.env, ADMIN_DIGEST: false }, jobs: off });
      await on.ctx.jobs.stop();
      await off.start({ workers: false });
      try {
        expect((await off.schedules()).map((s) => s.name)).not.toContain(ADMIN_DIGEST);
      } finally {
        await off.stop();
      }
    } finally {
      await on.close();
    }
  });
});
