import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import type { AppContext } from '../../server/context';
import { migrationsFolder } from '../../server/db/client';
import { createLogger } from '../../server/logger';
import { adminClient } from '../support/admin-session';
import { createContractor } from '../support/factories';
import { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { waitUntil } from '../support/wait';

/** Health endpoints and the request log (issue 13, Operating it; docs/decisions/0078-logs.md, docs/decisions/0079-health-and-start-up-failures.md), on both databases. */

let app: TestApp;
const servers: http.Server[] = [];
beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT: 'false' });
});
afterAll(async () => {
  for (const s of servers) {
    s.closeAllConnections();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }
  await app?.close();
});

/** A second app over the same database with its own context (a capturing logger, a broken database...). */
async function serve(ctx: AppContext): Promise<TestClient> {
  const server = http.createServer(createApp({ ctx, sessionSecret: app.ctx.env.SESSION_SECRET! }));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return new TestClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
}

describe('health', () => {
  it('/api/health/live answers while the process runs, without touching the database', async () => {
    const broken = await serve({
      ...app.ctx,
      database: { ...app.ctx.database, ping: () => Promise.reject(new Error('down')) },
    });
    const res = await broken.get('/api/health/live');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('/api/health/ready names each check when all pass', async () => {
    const res = await app.client().get('/api/health/ready');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', checks: { database: 'ok', migrations: 'ok', queue: 'ok' } });
  });

  it('/api/health keeps its answer', async () => {
    const res = await app.client().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: app.ctx.database.driver });
  });

  it('is not ready while a migration in the folder is not applied, naming it', async () => {
    const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
      entries: { when: number; tag: string }[];
    };
    const last = journal.entries.at(-1)!;
    const deleted = await app.ctx.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = ${last.when} returning hash, created_at`,
    );
    const [row] = (deleted as unknown as { rows: { hash: string; created_at: string }[] }).rows;
    expect(row).toBeDefined();
    try {
      const res = await app.client().get('/api/health/ready');
      expect(res.status).toBe(503);
      expect(res.body.checks).toEqual({ database: 'ok', migrations: `not applied: ${last.tag}`, queue: 'ok' });
      expect(res.body.message).toBe(`Not ready: migrations not applied: ${last.tag}`);
    } finally {
      await app.ctx.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${row!.hash}, ${row!.created_at})`,
      );
    }
    expect((await app.client().get('/api/health/ready')).status).toBe(200);
  });

  it('is not ready when the database does not answer, without saying where it is', async () => {
    const unreachable = {
      ...app.ctx.database,
      ping: () => Promise.reject(new Error('connect ECONNREFUSED 10.9.8.7:5432')),
      pendingMigrations: () => Promise.reject(new Error('connect ECONNREFUSED 10.9.8.7:5432')),
    };
    const broken = await serve({ ...app.ctx, database: unreachable });
    const res = await broken.get('/api/health/ready');
    expect(res.status).toBe(503);
    expect(res.body.status).toBe('unavailable');
    expect(res.body.checks).toEqual({ database: 'not reachable', migrations: 'could not be read', queue: 'ok' });
    expect(res.text).not.toContain('10.9.8.7');
  });

  it('is not ready while the job queue is not running (docs/decisions/0086-job-queue.md)', async () => {
    const stopped = await serve({ ...app.ctx, jobs: { ...app.ctx.jobs, running: false } });
    const res = await stopped.get('/api/health/ready');
    expect(res.status).toBe(503);
    expect(res.body.checks).toEqual({ database: 'ok', migrations: 'ok', queue: 'not running' });
    expect(res.body.message).toBe('Not ready: queue not running');
  });
});

describe('request log', () => {
  const lines: Record<string, unknown>[] = [];
  let logged: TestClient;
  let raw = '';
  beforeAll(async () => {
    const log = createLogger({
      destination: {
        write: (s: string) => {
          raw += s;
          lines.push(JSON.parse(s) as Record<string, unknown>);
        },
      },
    });
    logged = await serve({ ...app.ctx, env: { ...app.ctx.env, LOG_REQUESTS: true }, log });
  });
  /** A request's line, which is written as its answer ends, after the client may have read it. */
  const lineOf = (res: { headers: Headers }) =>
    waitUntil('the request log line', () => lines.find((l) => l.reqId === res.headers.get('x-request-id')));

  it("says who asked: the user's role from the session", async () => {
    const admin = await adminClient({ ...app, url: logged.baseUrl, client: () => new TestClient(logged.baseUrl) });
    lines.length = 0;
    const res = await admin.get('/api/admin/contractors');
    expect(res.status).toBe(200);
    expect(await lineOf(res)).toMatchObject({
      path: expect.stringMatching(/^\/api\/admin\/contractors/),
      reqId: res.headers.get('x-request-id'),
      method: 'GET',
      status: 200,
      role: 'admin',
    });
  });

  it("never writes a customer's email address or phone number", async () => {
    const contractorId = (await createContractor(app.ctx.db)).id;
    const email = 'log.check.homeowner@example.com';
    const res = await logged.post('/api/leads', {
      name: 'Logan Checkwell',
      email,
      phone: '(570) 555-0142',
      serviceNeeded: 'Kitchen Remodeling',
      location: 'Laporte, PA',
      projectDetails: 'Call me at 570-555-0142 or write to log.check.homeowner@example.com about the cabinets.',
      budgetRange: '$25,000 - $50,000',
      contractorId,
    });
    expect(res.status).toBe(201);
    // A search whose words are an address and a number, in the query string of a public API call.
    const search = await logged.get(`/api/contractors/search?q=${encodeURIComponent(email)}`);
    expect(search.status).toBeLessThan(500);
    // Both lines written, so what the log does not hold was never written.
    expect(await lineOf(res)).toMatchObject({ path: '/api/leads', status: 201 });
    await lineOf(search);
    expect(raw).not.toContain('log.check.homeowner');
    expect(raw).not.toContain('555-0142');
    expect(raw).not.toContain('log.check.homeowner%40example.com');
  });
});
