import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { signInDelayMs } from '../../server/http/login-throttle';
import { contractorPhotos, rateLimits } from '../../server/db/schema';
import { RateLimits } from '../../server/http/rate-limit-store';
import { contractorClient } from '../support/admin-session';
import { createContractor } from '../support/factories';
import { TestClient } from '../support/http-client';
import { plainPng } from '../support/photo-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Rate limits and sign-in throttles live in the database (issue 13;
 * docs/decisions/0074-rate-limits.md): every app process on one database enforces one limit.
 */

const ADMIN = { username: 'limits-admin', password: 'limits-admin-password' };
const THROTTLED = /^Too many failed sign-in attempts\. Please try again in \d+ minutes?\.$/;

/** A second app over the same database, as a second process behind a load balancer would be. */
async function secondInstance(app: TestApp): Promise<{ url: string; client(): TestClient; close(): Promise<void> }> {
  const server = http.createServer(createApp({ ctx: app.ctx, sessionSecret: app.ctx.env.SESSION_SECRET! }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    client: () => new TestClient(url),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const quote = (contractorId: number) => ({
  name: 'Rita Limit',
  email: 'rita@example.com',
  phone: '570-555-0199',
  serviceNeeded: 'Roofing',
  location: 'Eagles Mere',
  projectDetails: 'A new standing-seam roof on the garage.',
  budgetRange: 'Under $5,000',
  contractorId,
});

const rows = (app: TestApp) => app.ctx.db.select().from(rateLimits);

describe('limits shared by every app process on one database', () => {
  let app: TestApp;
  let other: Awaited<ReturnType<typeof secondInstance>>;
  beforeAll(async () => {
    app = await startTestApp({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
    other = await secondInstance(app);
  });
  afterAll(async () => {
    await other?.close();
    await app?.close();
  });

  it("counts a contractor's photo uploads on both instances against one limit of 60 an hour, before reading the file, and not another contractor's", async () => {
    const upload = async (base: string, cookie: string) => {
      const form = new FormData();
      form.set('photo', new Blob([new Uint8Array(await plainPng())], { type: 'image/png' }), 'porch.png');
      const res = await fetch(`${base}/api/contractor/photos`, {
        method: 'POST',
        headers: { Cookie: cookie, Accept: 'application/json' },
        body: form,
      });
      return {
        status: res.status,
        retryAfter: res.headers.get('retry-after'),
        body: (await res.json()) as { message?: string },
      };
    };
    const busy = await createContractor(app.ctx.db);
    const calm = await createContractor(app.ctx.db);
    const busyPortal = await contractorClient(app, busy.id);
    const calmPortal = await contractorClient(app, calm.id);
    // 59 uploads this hour already: the 60th is taken, on the second instance, and stored.
    await app.ctx.db.insert(rateLimits).values({
      key: `limit:photo-upload:contractor-${busy.id}`,
      points: 59,
      expiresAt: new Date(Date.now() + 30 * 60_000),
    });
    expect((await upload(other.url, busyPortal.cookie!)).status).toBe(201);
    // The 61st is refused on the first instance with when to try again, and nothing is stored.
    const refused = await upload(app.url, busyPortal.cookie!);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('Too many photo uploads. Please try again later.');
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(await app.ctx.db.$count(contractorPhotos, eq(contractorPhotos.contractorId, busy.id))).toBe(1);
    // Another contractor's uploads are its own.
    expect((await upload(app.url, calmPortal.cookie!)).status).toBe(201);
  });

  it('counts quote requests sent to both instances against one limit of 10 an hour', async () => {
    const { id } = await createContractor(app.ctx.db);
    for (let i = 0; i < 5; i++) {
      expect((await app.client().post('/api/leads', quote(id))).status).toBe(201);
      expect((await other.client().post('/api/leads', quote(id))).status).toBe(201);
    }
    for (const client of [app.client(), other.client()]) {
      const res = await client.post('/api/leads', quote(id));
      expect(res.status).toBe(429);
      expect(res.body.message).toBe('Too many quote requests from your network. Please try again later.');
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(59 * 60);
    }
  });

  it('locks a sign-in pair after 5 failures spread over both instances', async () => {
    const login = (client: TestClient, password: string) =>
      client.post('/api/admin/login', { username: ADMIN.username, password });
    for (let i = 0; i < 3; i++) expect((await login(app.client(), `wrong-${i}`)).status).toBe(401);
    for (let i = 0; i < 2; i++) expect((await login(other.client(), `wrong-${i}`)).status).toBe(401);
    for (const client of [app.client(), other.client()]) {
      const res = await login(client, ADMIN.password);
      expect(res.status).toBe(429);
      expect(res.body.message).toMatch(THROTTLED);
    }
  });

  it('keeps the counters in rate_limits, with account names hashed', async () => {
    await app
      .client()
      .post('/api/contractor/login', { email: 'Someone.Private@Example.com', password: 'wrong-password' });
    const keys = (await rows(app)).map((r) => r.key);
    expect(keys.some((k) => k.startsWith('signin:contractor:account:'))).toBe(true);
    expect(keys.some((k) => k.startsWith('signin:admin:pair:') && k.endsWith(':127.0.0.1'))).toBe(true);
    expect(keys.join(' ')).not.toMatch(/someone|private|limits-admin/i);
  });

  it('lifts a limit when its window ends, and starts counting again', async () => {
    await app.ctx.db.update(rateLimits).set({ expiresAt: sql`now() - interval '1 second'` });
    const { id } = await createContractor(app.ctx.db);
    expect((await other.client().post('/api/leads', quote(id))).status).toBe(201);
    expect((await app.client().post('/api/admin/login', ADMIN)).status).toBe(200);
    const [row] = (await rows(app)).filter((r) => r.key.startsWith('limit:quote-request:'));
    expect(row!.points).toBe(1);
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 59 * 60_000);
  });
});

describe('the rate limit store', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it('counts parallel hits exactly (one atomic upsert each)', async () => {
    const store = new RateLimits(app.ctx);
    const results = await Promise.all(
      Array.from({ length: 40 }, () => store.hit(['test:parallel', 'test:parallel-2'], 60_000)),
    );
    expect(results.map((r) => r.get('test:parallel')!.points).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
    expect(results.every((r) => r.get('test:parallel-2')!.msLeft > 55_000)).toBe(true);
  });

  it('gives points back and clears keys within their windows only', async () => {
    const store = new RateLimits(app.ctx);
    await store.hit(['test:back', 'test:clear'], 60_000);
    await store.hit(['test:back', 'test:clear'], 60_000);
    await store.undo(['test:back', 'test:missing'], ['test:clear']);
    const points = Object.fromEntries(
      (await rows(app)).filter((r) => r.key.startsWith('test:')).map((r) => [r.key, r.points]),
    );
    expect(points).toMatchObject({ 'test:back': 1, 'test:clear': 0 });
    expect(points['test:missing']).toBeUndefined();
  });

  it('deletes ended windows as an app instance goes, without a timer', async () => {
    await app.ctx.db.insert(rateLimits).values([
      { key: 'test:ended', points: 3, expiresAt: new Date(Date.now() - 1000) },
      { key: 'test:live', points: 3, expiresAt: new Date(Date.now() + 60_000) },
    ]);
    // A fresh instance sweeps with its first counted request.
    const instance = await secondInstance(app);
    try {
      expect((await instance.client().post('/api/newsletter', { email: 'sweep@example.com' })).status).toBeLessThan(
        300,
      );
    } finally {
      await instance.close();
    }
    expect(await app.ctx.db.select().from(rateLimits).where(eq(rateLimits.key, 'test:ended'))).toEqual([]);
    expect(await app.ctx.db.select().from(rateLimits).where(eq(rateLimits.key, 'test:live'))).toHaveLength(1);
  });
});

describe('RATE_LIMIT=false', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMIT: 'false', ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
  });
  afterAll(() => app?.close());

  it('turns every limit off and keeps no counters', async () => {
    const { id } = await createContractor(app.ctx.db);
    for (let i = 0; i < 11; i++) expect((await app.client().post('/api/leads', quote(id))).status).toBe(201);
    for (let i = 0; i < 6; i++)
      expect((await app.client().post('/api/admin/login', { ...ADMIN, password: 'wrong-password' })).status).toBe(401);
    expect((await app.client().post('/api/admin/login', ADMIN)).status).toBe(200);
    expect(await rows(app)).toEqual([]);
  });
});

describe('sign-in delay', () => {
  it('is 0 below 10 failures of the account, then 250 ms more for each, up to 3 s', () => {
    expect([0, 9, 10, 11, 12, 20, 21, 22, 1000].map(signInDelayMs)).toEqual([
      0, 0, 250, 500, 750, 2750, 3000, 3000, 3000,
    ]);
  });
});
