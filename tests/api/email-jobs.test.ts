import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OutboxMessage, Paged } from '@shared/schemas/admin';
import { inTransaction } from '../../server/context';
import { leads, outboxEmails, regions } from '../../server/db/schema';
import { ROUTE_LEAD } from '../../server/leads/routing/route-lead';
import { queueEmail, SEND_EMAIL } from '../../server/notifications/email-delivery';
import { adminClient } from '../support/admin-session';
import { createContractor } from '../support/factories';
import type { TestClient } from '../support/http-client';
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher';
import { startTestApp, type TestApp } from '../support/test-app';
import { waitUntil } from '../support/wait';

// Every email is a row written with the change that causes it and a send-email job queued in the
// same transaction (docs/decisions/0087-transactional-outbox.md). The queue runs inline here:
// app.ctx.jobs.runPending().

let smtp: SmtpCatcher;
let app: TestApp;
let admin: TestClient;
let contractorId: number;
let contractorName: string;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  app = await startTestApp({ SMTP_URL: smtp.url, RATE_LIMIT: 'false', ADMIN_EMAIL: 'office@example.com' });
  await app.ctx.db.update(regions).set({ leadDelivery: 'manual' });
  admin = await adminClient(app);
  ({ id: contractorId, name: contractorName } = await createContractor(app.ctx.db));
});
afterAll(async () => {
  await app?.close();
  await smtp?.stop();
});
beforeEach(async () => {
  // Each test starts with the mail server up, nothing waiting and nothing received.
  await smtp.start();
  await app.ctx.jobs.runPending({ ignoreDelay: true });
  smtp.received.length = 0;
});

const quote = (name: string) => ({
  name,
  email: 'dana@example.com',
  phone: '(570) 555-0199',
  serviceNeeded: 'Kitchen Remodeling',
  location: 'Laporte, PA',
  projectDetails: 'Replace cabinets and counters in a 1970s kitchen.',
  budgetRange: '$25,000 - $50,000',
  contractorId,
});

/** A quote request, routed at once: the county delivers by hand (beforeAll), so it is held and only the notice and the confirmation are mailed. */
async function requestQuote(name: string): Promise<number> {
  const res = await app.client().post('/api/leads', quote(name));
  expect(res.status, res.text).toBe(201);
  expect(await app.ctx.jobs.runPending({ only: [ROUTE_LEAD] })).toBe(1);
  return res.body.id;
}

/** The newest outbox row, which the last request wrote. */
const newestMessage = async () =>
  (await app.ctx.db.select().from(outboxEmails).orderBy(desc(outboxEmails.id)).limit(1))[0]!;
const messageRow = async (id: number) =>
  (await app.ctx.db.select().from(outboxEmails).where(eq(outboxEmails.id, id)))[0]!;
/** send-email jobs in pg-boss's own table, whatever their state. */
const sendEmailJobs = async () => {
  const result = (await app.ctx.db.execute(
    sql`select count(*)::int as n from pgboss.job where name = ${SEND_EMAIL}`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
};

describe('the transactional outbox', () => {
  it('queues the admin notice with the lead and sends it after the request, once', async () => {
    const leadId = await requestQuote('Committed Homeowner');
    const row = await newestMessage();
    expect(row).toMatchObject({ kind: 'lead-notice', toAddress: 'office@example.com', status: 'pending', attempts: 0 });
    // The request did not wait for the mail server.
    expect(smtp.received).toEqual([]);

    // The admin's notice and the homeowner's confirmation (docs/decisions/0114-homeowner-privacy.md).
    expect(await app.ctx.jobs.runPending()).toBe(2);
    expect(smtp.to('office@example.com')).toHaveLength(1);
    expect(smtp.to('office@example.com')[0]!.subject).toBe(
      `New quote request for ${contractorName}: Kitchen Remodeling`,
    );
    expect(smtp.to('dana@example.com')).toHaveLength(1);
    expect(await messageRow(row.id)).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect((await app.ctx.db.select().from(leads).where(eq(leads.id, leadId))).length).toBe(1);
  });

  it('queues nothing when the change rolls back: no message, no job, nothing sent', async () => {
    const [rowsBefore, jobsBefore] = [await app.ctx.db.$count(outboxEmails), await sendEmailJobs()];
    await expect(
      inTransaction(app.ctx, async (tx) => {
        await queueEmail(tx, {
          kind: 'lead-notice',
          to: 'office@example.com',
          subject: 'Never committed',
          text: 'Rolled back with its change',
        });
        throw new Error('the change failed after its email was queued');
      }),
    ).rejects.toThrow('the change failed');
    expect(await app.ctx.db.$count(outboxEmails)).toBe(rowsBefore);
    expect(await sendEmailJobs()).toBe(jobsBefore);
    expect(await app.ctx.jobs.runPending({ ignoreDelay: true })).toBe(0);
    expect(smtp.received).toEqual([]);

    // The same write committed does get its job (the control for the assertion above).
    await inTransaction(app.ctx, (tx) =>
      queueEmail(tx, { kind: 'lead-notice', to: 'office@example.com', subject: 'Committed', text: 'Sent' }),
    );
    expect(await sendEmailJobs()).toBe(jobsBefore + 1);
    expect(await app.ctx.jobs.runPending()).toBe(1);
    expect(smtp.received.map((m) => m.subject)).toEqual(['Committed']);
  });
});

describe('failed sends', () => {
  it('are retried with backoff, each attempt and its error visible to the admin, until the server takes the message once', async () => {
    await smtp.stop();
    await requestQuote('Retried Homeowner');
    const { id } = await newestMessage();
    // Only the admin's notice is followed here: the homeowner's confirmation (docs/decisions/0114-homeowner-privacy.md) is set aside, so its job sends nothing.
    await app.ctx.db
      .update(outboxEmails)
      .set({ status: 'kept' })
      .where(and(eq(outboxEmails.kind, 'quote-confirmation'), eq(outboxEmails.status, 'pending')));

    expect(await app.ctx.jobs.runPending()).toBe(2);
    const afterFirst = await messageRow(id);
    expect(afterFirst).toMatchObject({ status: 'pending', attempts: 1 });
    expect(afterFirst.lastError).toMatch(/ECONNREFUSED/);
    // The retry waits for its backoff: nothing is due yet.
    expect(await app.ctx.jobs.runPending()).toBe(0);

    const listed = await admin.get<Paged<OutboxMessage>>('/api/admin/outbox?status=pending');
    expect(listed.status).toBe(200);
    expect(listed.body.items.find((m) => m.id === id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: expect.stringMatching(/ECONNREFUSED/),
      sentAt: null,
    });

    expect(await app.ctx.jobs.runPending({ ignoreDelay: true, max: 1 })).toBe(1);
    expect(await messageRow(id)).toMatchObject({ status: 'pending', attempts: 2 });

    await smtp.start();
    expect(await app.ctx.jobs.runPending({ ignoreDelay: true })).toBe(1);
    expect(smtp.to('office@example.com').filter((m) => m.subject.includes(contractorName))).toHaveLength(1);
    const sent = await admin.get<OutboxMessage>(`/api/admin/outbox/${id}`);
    expect(sent.body).toMatchObject({ status: 'sent', attempts: 3, lastError: null, sentAt: expect.any(String) });
  });

  it('fail for good after the last retry; the admin sends one again and it goes out once', async () => {
    await smtp.stop();
    await requestQuote('Given-up Homeowner');
    const { id } = await newestMessage();
    // Every retry now, without waiting for the backoff: 1 attempt + 10 retries, then the dead letter job, for the notice and the homeowner's confirmation.
    expect(await app.ctx.jobs.runPending({ ignoreDelay: true })).toBe(24);
    const failed = await messageRow(id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 11 });
    expect(failed.lastError).toMatch(/ECONNREFUSED/);

    const failedList = await admin.get<Paged<OutboxMessage>>('/api/admin/outbox?status=failed');
    expect(failedList.body.items.map((m) => m.id)).toContain(id);

    await smtp.start();
    const resent = await admin.post<OutboxMessage>(`/api/admin/outbox/${id}/resend`);
    expect(resent.status, resent.text).toBe(200);
    expect(resent.body).toMatchObject({ id, status: 'pending', attempts: 11 });
    // A second click finds it pending: one new round of attempts, not two.
    const again = await admin.post(`/api/admin/outbox/${id}/resend`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Only a message that failed can be sent again; this one is pending');

    expect(await app.ctx.jobs.runPending()).toBe(1);
    expect(smtp.to('office@example.com').filter((m) => m.subject.includes(contractorName))).toHaveLength(1);
    expect(await messageRow(id)).toMatchObject({ status: 'sent', attempts: 12, lastError: null });
    expect((await admin.post(`/api/admin/outbox/${id}/resend`)).status).toBe(409);
  });

  it('resend is for administrators, answers 404 for an unknown message and 400 for a bad id or filter', async () => {
    const { id } = await newestMessage();
    expect((await app.client().post(`/api/admin/outbox/${id}/resend`)).status).toBe(401);
    const unknown = await admin.post('/api/admin/outbox/999999/resend');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Message not found');
    expect((await admin.post('/api/admin/outbox/abc/resend')).status).toBe(400);
    const badFilter = await admin.get('/api/admin/outbox?status=lost');
    expect(badFilter.status).toBe(400);
  });
});

describe('with workers polling, as in production', () => {
  it('sends a queued message without anyone asking', async () => {
    const polled = await startTestApp(
      { SMTP_URL: smtp.url, RATE_LIMIT: 'false', ADMIN_EMAIL: 'polled@example.com' },
      { jobs: 'workers' },
    );
    try {
      expect(polled.ctx.jobs.running).toBe(true);
      const res = await polled
        .client()
        .post('/api/leads', { ...quote('Polled Homeowner'), contractorId: (await createContractor(polled.ctx.db)).id });
      expect(res.status).toBe(201);
      await waitUntil('the notice to arrive', () => smtp.to('polled@example.com').length > 0);
      await waitUntil(
        'the outbox to record it as sent',
        async () =>
          (await polled.ctx.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, 'polled@example.com')))[0]
            ?.status === 'sent',
      );
      expect(smtp.to('polled@example.com')).toHaveLength(1);
    } finally {
      await polled.close();
    }
    expect(polled.ctx.jobs.running).toBe(false);
  });
});
