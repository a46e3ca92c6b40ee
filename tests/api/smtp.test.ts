import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { outboxEmails, regions } from '../../server/db/schema';
import { queueEmail } from '../../server/notifications/email-delivery';
import { addCounty } from '../../server/counties/counties';
import { adminClient } from '../support/admin-session';
import { createContractor } from '../support/factories';
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher';
import { startTestApp, type TestApp } from '../support/test-app';

let smtp: SmtpCatcher;
let app: TestApp;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  app = await startTestApp({ SMTP_URL: smtp.url, RATE_LIMIT: 'false' });
});
afterAll(async () => {
  await app?.close();
  await smtp?.stop();
});

it('sends the welcome email over SMTP through the send-email job and records it as sent', async () => {
  const gansel = await createContractor(app.ctx.db, { approvalStatus: 'pending', isVisible: false });
  const admin = await adminClient(app);
  expect((await admin.patch(`/api/admin/contractors/${gansel.id}/approval`, { status: 'approved' })).status).toBe(200);
  // Queued with the approval, not sent inside the request (docs/decisions/0087-transactional-outbox.md).
  expect(smtp.received).toEqual([]);
  const [queued] = await app.ctx.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, gansel.email));
  expect(queued).toMatchObject({ kind: 'welcome', status: 'pending', attempts: 0, sentAt: null });

  expect(await app.ctx.jobs.runPending()).toBe(1);
  expect(smtp.received).toHaveLength(1);
  const [mail] = smtp.received;
  expect(mail!.to).toEqual([gansel.email]);
  expect(mail!.from).toBe('no-reply@sullivancountycontractors.local');
  expect(mail!.raw).toMatch(/^Subject: Welcome to Sullivan County Contractors: your setup code\r$/m);
  expect(mail!.raw).toMatch(new RegExp(`^To: ${gansel.email.replace(/\./g, '\\.')}\\r$`, 'm'));
  expect(mail!.text).toMatch(/Your setup code: [ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{12}\r?\n/);
  expect(mail!.text).toContain(`${app.url}/contractor/login`);

  const [sent] = await app.ctx.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, gansel.email));
  expect(sent).toMatchObject({ id: queued!.id, status: 'sent', attempts: 1, lastError: null });
  expect(sent!.sentAt).toBeInstanceOf(Date);
  // Nothing is left to run, so nothing is sent twice.
  expect(await app.ctx.jobs.runPending({ ignoreDelay: true })).toBe(0);
  expect(smtp.received).toHaveLength(1);
});

it("sends a county's mail from its own address, or from its site's name at MAIL_FROM's address", async () => {
  await addCounty(app.ctx, 'wyoming');
  const [wyoming] = await app.ctx.db.select({ id: regions.id }).from(regions).where(eq(regions.slug, 'wyoming'));
  const queue = (to: string, regionId: number | null) =>
    queueEmail(
      { ...app.ctx, db: app.ctx.db },
      { kind: 'newsletter-welcome', to, subject: 'Welcome', text: 'Hello', regionId },
    );
  await queue('platform@example.com', null);
  await queue('wyoming@example.com', wyoming!.id);
  smtp.received.length = 0;
  await app.ctx.jobs.runPending({ ignoreDelay: true });
  // The From header as read, long ones unfolded.
  const fromOf = (to: string) =>
    /^From: (.*)\r$/m.exec(smtp.received.find((m) => m.to.includes(to))!.raw.replace(/\r\n[ \t]+/g, ' '))?.[1];
  expect(fromOf('platform@example.com')).toBe('Sullivan County Contractors <no-reply@sullivancountycontractors.local>');
  expect(fromOf('wyoming@example.com')).toBe('Wyoming County Contractors <no-reply@sullivancountycontractors.local>');

  // A county with an address of its own sends from it.
  await app.ctx.db
    .update(regions)
    .set({ mailFrom: 'Wyoming Builders <hello@wyoming.example.org>' })
    .where(eq(regions.id, wyoming!.id));
  await queue('again@example.com', wyoming!.id);
  await app.ctx.jobs.runPending({ ignoreDelay: true });
  expect(fromOf('again@example.com')).toBe('Wyoming Builders <hello@wyoming.example.org>');
});
