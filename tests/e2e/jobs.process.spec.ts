import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { OutboxMessage, Paged } from '../../shared/schemas/admin';
import { pgAdmin, pgDatabaseUrl, startApp, stopApp } from '../support/app-process';
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher';
import { fetchPost, signInWithTwoFactor, type TotpDevice } from '../support/two-factor';
import { waitUntil } from '../support/wait';

/** The administrator's authenticator, once set up; a new database gets it set up again (the helper replaces it). */
const device: { current?: TotpDevice } = {};

/**
 * Email survives the process and the mail server (issue 13; docs/decisions/0088-email-retries.md),
 * on the built server in production posture, on the embedded database and on the PostgreSQL server:
 * - SIGKILL right after a quote request commits, while its email is mid-send (the SMTP catcher
 *   holds the DATA phase unanswered): after a restart the email is sent exactly once;
 * - SMTP down while messages are queued, then up: every message arrives once.
 */

const ADMIN = { username: 'admin', password: 'jobs process admin' };

interface Server {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

const t0 = Date.now();
const log = (line: string) => console.log(`  [${((Date.now() - t0) / 1000).toFixed(1).padStart(5)} s] ${line}`);

async function startServer(env: Record<string, string>): Promise<Server> {
  const app = await startApp({
    NODE_ENV: 'production',
    SESSION_SECRET: 'jobs-process-secret-'.padEnd(48, 'x'),
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    ADMIN_EMAIL: 'office@example.com',
    PAYMENTS: 'demo',
    ALLOW_PLAIN_HTTP: 'true',
    SEED_SAMPLE_DATA: 'true',
    RATE_LIMIT: 'false',
    ...env,
  });
  log(`server ${app.child.pid} listening on ${app.url}`);
  return app;
}

/** A signed-in administrator's calls, as a browser would make them. */
async function signIn(server: Server) {
  // Production requires two-factor sign-in (docs/decisions/0109-admin-two-factor.md): set up at the first sign-in.
  const jar = { cookie: '' };
  await signInWithTwoFactor(fetchPost(server.url, jar), ADMIN, device);
  const { cookie } = jar;
  return async <T>(url: string): Promise<T> => {
    const r = await fetch(server.url + url, { headers: { Cookie: cookie, Accept: 'application/json' } });
    expect(r.status, url).toBe(200);
    return (await r.json()) as T;
  };
}

async function post(server: Server, url: string, body: unknown) {
  const res = await fetch(server.url + url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

type AdminGet = Awaited<ReturnType<typeof signIn>>;

async function listedContractor(get: AdminGet): Promise<{ id: number; name: string }> {
  const { contractors } = await get<{ contractors: { id: number; name: string; isVisible: boolean }[] }>(
    '/api/admin/contractors?status=approved',
  );
  return contractors.find((c) => c.isVisible)!;
}

const quote = (contractorId: number, name: string, location = 'Dushore, PA') => ({
  name,
  email: 'homeowner@example.com',
  phone: '(570) 555-0102',
  serviceNeeded: 'Roofing',
  location,
  projectDetails: 'A new roof on a two-storey farmhouse before winter.',
  budgetRange: '$10,000 - $25,000',
  contractorId,
});

async function stop(server: Server) {
  if (server.child.exitCode !== null) return;
  expect(await stopApp(server)).toBe(0);
}

const jobLines = (output: string) =>
  output
    .split('\n')
    .filter((l) => /job failed|job queue/.test(l))
    .map((l) => l.slice(0, 220));

for (const driver of ['embedded', 'postgres'] as const) {
  test.describe(`on the ${driver} database`, () => {
    let smtp: SmtpCatcher;
    let dbEnv: Record<string, string>;
    let dbName: string | null = null;

    test.beforeEach(async () => {
      smtp = await startSmtpCatcher();
      if (driver === 'embedded') {
        dbEnv = { DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'jobs-proc-')) };
      } else {
        dbName = `jobs_${process.pid}_${randomBytes(3).toString('hex')}`;
        await pgAdmin(`create database ${dbName}`);
        dbEnv = { DATABASE_URL: pgDatabaseUrl(dbName), DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'jobs-proc-')) };
      }
    });

    test.afterEach(async () => {
      smtp.release();
      await smtp.stop();
      if (dbName) await pgAdmin(`drop database if exists ${dbName} with (force)`);
    });

    test('SIGKILL after a quote request commits, while its email is mid-send: after a restart it is sent exactly once', async () => {
      test.setTimeout(180_000);
      const env = { ...dbEnv, SMTP_URL: smtp.url };
      const first = await startServer(env);
      const contractor = await listedContractor(await signIn(first));

      // The mail server reads the message but does not answer it: the send is in flight.
      smtp.hold();
      const created = await post(first, '/api/leads', quote(contractor.id, 'Crash Homeowner'));
      expect(created.status).toBe(201);
      log(`lead ${created.body.id} committed (201); waiting for its notice to reach the mail server`);
      await smtp.whenHeld();
      log('the notice is mid-send (DATA received, unanswered): SIGKILL');
      first.child.kill('SIGKILL');
      await first.exited;
      // The message was never accepted: the sender died before the server answered (the homeowner's confirmation, docs/decisions/0114-homeowner-privacy.md, may have been in flight too).
      // Every held message's sender is gone before the release: one still held would be accepted by it, though its sender never heard.
      await waitUntil(
        'the mail server to see the sender hang up',
        () => smtp.abandoned.length >= 1 && smtp.heldCount === 0,
      );
      expect(smtp.received).toEqual([]);
      smtp.release();

      const second = await startServer(env);
      const mail = await waitUntil(
        'the notice to arrive after the restart',
        () => smtp.to('office@example.com')[0],
        120_000,
      );
      log(`received after the restart: "${mail.subject}"`);
      expect(mail.subject).toBe(`New quote request for ${contractor.name}: Roofing`);

      const get = await signIn(second);
      const notices = await waitUntil('the outbox to record it as sent', async () => {
        const page = await get<Paged<OutboxMessage>>('/api/admin/outbox?pageSize=100');
        const found = page.items.filter((m) => m.kind === 'lead-notice');
        const confirmations = page.items.filter((m) => m.kind === 'quote-confirmation');
        return (
          found.length === 1 &&
          confirmations.length === 1 &&
          [...found, ...confirmations].every((m) => m.status === 'sent') &&
          found
        );
      });
      log(`outbox: ${notices.map((m) => `#${m.id} ${m.status}, ${m.attempts} attempts`).join('; ')}`);
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatchObject({ status: 'sent', lastError: null });
      expect(notices[0]!.attempts).toBeGreaterThanOrEqual(1);
      expect(smtp.to('office@example.com')).toHaveLength(1);
      expect(smtp.to('homeowner@example.com')).toHaveLength(1);
      // The county delivers automatically (docs/decisions/0117-lead-routing.md): the contractor's lead arrives once too.
      const delivered = await waitUntil('the contractor to receive the lead', async () => {
        const page = await get<Paged<OutboxMessage>>('/api/admin/outbox?pageSize=100');
        const found = page.items.filter((m) => m.kind === 'lead-delivered');
        return found.length === 1 && found[0]!.status === 'sent' && found;
      });
      expect(delivered).toHaveLength(1);
      // Nothing is left pending to send it again.
      expect((await get<Paged<OutboxMessage>>('/api/admin/outbox?status=pending')).total).toBe(0);
      expect(smtp.received.filter((m) => m.subject.startsWith('New lead:'))).toHaveLength(1);
      expect(smtp.received).toHaveLength(3);
      await stop(second);
      for (const line of jobLines(second.output())) log(`server log: ${line}`);
    });

    test('SMTP down for a while, then up: every message arrives once', async () => {
      test.setTimeout(180_000);
      await smtp.stop();
      log(`mail server down (port ${smtp.port} refuses connections)`);
      const server = await startServer({ ...dbEnv, SMTP_URL: smtp.url });
      const get = await signIn(server);
      const contractor = await listedContractor(get);
      // Five leads told apart by their place, which the admin notice names.
      const places = ['Dushore', 'Laporte', 'Eagles Mere', 'Forksville', 'Muncy Valley'].map((town) => `${town}, PA`);
      for (const place of places)
        expect((await post(server, '/api/leads', quote(contractor.id, 'Outage Homeowner', place))).status).toBe(201);
      const subscribers = ['one.outage@example.com', 'two.outage@example.com'];
      for (const email of subscribers) expect((await post(server, '/api/newsletter', { email })).status).toBe(201);
      log(
        `${places.length} quote requests and ${subscribers.length} newsletter sign-ups answered while the mail server is down`,
      );

      // Each quote request also confirms to the homeowner (docs/decisions/0114-homeowner-privacy.md): 5 notices, 5 confirmations, 2 welcomes.
      // The county delivers automatically (docs/decisions/0117-lead-routing.md): the first lead reaches the contractor,
      // the other four are held as the same homeowner's duplicates. 13 messages in all.
      const kinds = new Set(['lead-notice', 'newsletter-welcome', 'quote-confirmation', 'lead-delivered']);
      const all = async () =>
        (await get<Paged<OutboxMessage>>('/api/admin/outbox?pageSize=100')).items.filter((m) => kinds.has(m.kind));
      const failedOnce = await waitUntil('every message to have failed an attempt', async () => {
        const items = await all();
        return items.length === 13 && items.every((m) => m.attempts >= 1 && m.lastError) && items;
      });
      log(
        `every message failed at least once, e.g. "${failedOnce[0]!.lastError}"; status ${[...new Set(failedOnce.map((m) => m.status))].join(', ')}`,
      );
      expect(failedOnce.every((m) => m.status === 'pending')).toBe(true);
      // Down long enough for retries to fail too.
      const retried = await waitUntil(
        'a retry to fail as well',
        async () => (await all()).filter((m) => m.attempts >= 2).length || false,
        120_000,
      );
      log(`${retried} of them failed their first retry as well (still pending)`);

      await smtp.start();
      log('mail server up');
      await waitUntil('every message to arrive', () => smtp.received.length >= 13, 120_000);
      const sent = await waitUntil('the outbox to record every message as sent', async () => {
        const items = await all();
        return items.every((m) => m.status === 'sent') && items;
      });
      log(`outbox: ${sent.map((m) => `${m.status} after ${m.attempts}`).join(', ')}`);
      expect(smtp.received).toHaveLength(13);
      expect(smtp.received.filter((m) => m.subject.startsWith('New lead:'))).toHaveLength(1);
      expect(smtp.to('homeowner@example.com')).toHaveLength(5);
      const notices = smtp.to('office@example.com');
      for (const place of places)
        expect(
          notices.filter((m) => m.text.split(/\r?\n/).includes(`Location: ${place}`)),
          place,
        ).toHaveLength(1);
      for (const email of subscribers) expect(smtp.to(email), email).toHaveLength(1);
      await stop(server);
      for (const line of jobLines(server.output()).slice(0, 3)) log(`server log: ${line}`);
    });
  });
}
