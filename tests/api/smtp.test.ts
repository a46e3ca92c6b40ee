import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { outboxEmails } from '../../server/db/schema';
import { adminClient } from '../support/admin-session';
import { contractorByName } from '../support/fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

const received: Received[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, cb) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
      cb();
    });
  },
});

let app: TestApp;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  app = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, RATE_LIMIT: 'false' });
});
afterAll(async () => {
  await app?.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

/** The text part as written: quoted-printable soft breaks joined and escapes decoded. */
function decodedBody(raw: string): string {
  const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
  if (!/Content-Transfer-Encoding: quoted-printable/i.test(raw)) return body;
  return Buffer.from(body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8');
}

it('sends the welcome email over SMTP and keeps nothing in the outbox', async () => {
  const gansel = await contractorByName(app.ctx.db, 'Gansel Home Services');
  const admin = await adminClient(app);
  expect((await admin.patch(`/api/admin/contractors/${gansel.id}/approval`, { status: 'approved' })).status).toBe(200);

  expect(received).toHaveLength(1);
  const [mail] = received;
  expect(mail!.to).toEqual([gansel.email]);
  expect(mail!.from).toBe('no-reply@sullivancountycontractors.local');
  expect(mail!.raw).toMatch(/^Subject: Welcome to Sullivan County Contractors: your setup code\r$/m);
  expect(mail!.raw).toMatch(new RegExp(`^To: ${gansel.email.replace(/\./g, '\\.')}\\r$`, 'm'));
  const text = decodedBody(mail!.raw);
  expect(text).toMatch(/Your setup code: [ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{12}\r?\n/);
  expect(text).toContain(`${app.url}/contractor/login`);

  expect(await app.ctx.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, gansel.email))).toEqual([]);
});
