import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { adminUsers, sessions } from '../../server/db/schema';
import { ConfigError } from '../../server/env';
import { ensureFirstAdmin } from '../../server/accounts/admin-users';
import { TestClient, type TestResponse } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

const USERNAME = 'admin';
const PASSWORD = 'correct-horse-battery';
const THROTTLED = /^Too many failed sign-in attempts\. Please try again in \d+ minutes?\.$/;

/** The session id inside a signed cookie 'sid=s%3A<id>.<signature>'. */
const sidOf = (cookie: string | null) =>
  decodeURIComponent(cookie!.slice('sid='.length)).replace(/^s:/, '').split('.')[0]!;
const sessionRow = async (app: TestApp, cookie: string | null) =>
  (
    await app.ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.sid, sidOf(cookie)))
  )[0];

function clientWith(app: TestApp, cookie: string | null): TestClient {
  const c = app.client();
  c.cookie = cookie;
  return c;
}

async function signedIn(app: TestApp): Promise<TestClient> {
  const client = app.client();
  const res = await client.post('/api/admin/login', { username: USERNAME, password: PASSWORD });
  expect(res.status).toBe(200);
  return client;
}

describe('admin sign-in', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ ADMIN_USERNAME: USERNAME, ADMIN_PASSWORD: PASSWORD, RATE_LIMIT: 'false' });
  });
  afterAll(() => app?.close());

  it('asks for both fields', async () => {
    for (const body of [{}, { username: USERNAME }, { password: PASSWORD }, { username: '  ', password: PASSWORD }]) {
      const res = await app.client().post('/api/admin/login', body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Please enter both username and password');
    }
    expect((await app.client().post('/api/admin/login', {})).body.errors).toEqual({
      username: 'Please enter both username and password',
      password: 'Please enter both username and password',
    });
  });

  it('refuses a wrong password and an unknown user with the same answer', async () => {
    const wrong = await app.client().post('/api/admin/login', { username: USERNAME, password: 'wrong-password' });
    const unknown = await app.client().post('/api/admin/login', { username: 'nobody', password: PASSWORD });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Invalid credentials' });
      expect(res.headers.get('set-cookie')).toBeNull();
    }
  });

  it('signs in, and the check says so; anonymous callers are not authenticated', async () => {
    expect((await app.client().get('/api/admin/check')).body).toEqual({ authenticated: false });
    const client = app.client();
    const res = await client.post('/api/admin/login', { username: USERNAME, password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Login successful', username: USERNAME });
    const cookie = res.headers.get('set-cookie')!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect((await client.get('/api/admin/check')).body).toMatchObject({
      authenticated: true,
      username: USERNAME,
      role: 'platform',
      countyId: null,
    });
    const [admin] = await app.ctx.db.select().from(adminUsers).where(eq(adminUsers.username, USERNAME));
    expect(Date.now() - admin!.lastLoginAt!.getTime()).toBeLessThan(60_000);
  });

  it('gives a new session id at sign-in and the old cookie stops working', async () => {
    const client = await signedIn(app);
    const before = client.cookie;
    await client.post('/api/admin/login', { username: USERNAME, password: PASSWORD });
    expect(client.cookie).not.toBe(before);
    expect(await sessionRow(app, before)).toBeUndefined();
    expect((await clientWith(app, before).get('/api/admin/check')).body).toEqual({ authenticated: false });
    expect((await clientWith(app, before).get('/api/admin/outbox')).status).toBe(401);
    expect((await client.get('/api/admin/check')).body.authenticated).toBe(true);
  });

  it('logs out on the server: the same cookie no longer works', async () => {
    const client = await signedIn(app);
    const cookie = client.cookie;
    expect(await sessionRow(app, cookie)).toBeDefined();
    const res = await client.post('/api/admin/logout');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Logged out' });
    expect(res.headers.get('set-cookie')).toMatch(/^sid=;.*Expires=Thu, 01 Jan 1970/);
    expect(await sessionRow(app, cookie)).toBeUndefined();
    expect((await clientWith(app, cookie).get('/api/admin/check')).body).toEqual({ authenticated: false });
    expect((await clientWith(app, cookie).get('/api/admin/contractors')).status).toBe(401);
    // Logging out without a session is harmless.
    expect((await app.client().post('/api/admin/logout')).status).toBe(200);
  });

  it('keeps sessions in the database: they survive a restart of the app', async () => {
    const client = await signedIn(app);
    const row = await sessionRow(app, client.cookie);
    expect(row!.adminUserId).toEqual(expect.any(Number));
    // Idle timeout: 30 minutes from the last request.
    expect(Math.abs(row!.expiresAt.getTime() - (Date.now() + 30 * 60_000))).toBeLessThan(2 * 60_000);

    // A second app over the same database, as after a restart: nothing shared but the rows.
    const server = http.createServer(createApp({ ctx: app.ctx, sessionSecret: app.ctx.env.SESSION_SECRET! }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const restarted = new TestClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      restarted.cookie = client.cookie;
      expect((await restarted.get('/api/admin/check')).body).toMatchObject({
        authenticated: true,
        username: USERNAME,
        role: 'platform',
      });
      await app.ctx.db.delete(sessions).where(eq(sessions.sid, sidOf(client.cookie)));
      expect((await restarted.get('/api/admin/check')).body).toEqual({ authenticated: false });
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('moves the idle expiry at a request once it is a minute or more behind, and otherwise leaves the row alone', async () => {
    const client = await signedIn(app);
    const sid = sidOf(client.cookie);
    const setExpiry = (at: Date) => app.ctx.db.update(sessions).set({ expiresAt: at }).where(eq(sessions.sid, sid));
    const expiry = async () => (await sessionRow(app, client.cookie))!.expiresAt.getTime();

    // Last moved 20 minutes ago: the next request moves it to 30 minutes from now.
    await setExpiry(new Date(Date.now() + 10 * 60_000));
    expect((await client.get('/api/admin/check')).body).toMatchObject({ authenticated: true });
    expect(Math.abs((await expiry()) - (Date.now() + 30 * 60_000))).toBeLessThan(60_000);

    // Moved 30 seconds ago: a request leaves it where it is (the write a request would cost is spared).
    const recent = new Date(Date.now() + 30 * 60_000 - 30_000);
    await setExpiry(recent);
    expect((await client.get('/api/leads')).status).toBe(200);
    expect(await expiry()).toBe(recent.getTime());
  });

  it('ends a session past its idle timeout', async () => {
    const client = await signedIn(app);
    await app.ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.sid, sidOf(client.cookie)));
    expect((await client.get('/api/admin/check')).body).toEqual({ authenticated: false });
    expect((await client.get('/api/admin/outbox')).status).toBe(401);
  });

  it('ends a session past its absolute lifetime, however active', async () => {
    const client = await signedIn(app);
    const row = await sessionRow(app, client.cookie);
    expect((row!.data as { absoluteExpiresAt: number }).absoluteExpiresAt).toBeGreaterThan(
      Date.now() + 11 * 60 * 60_000,
    );
    await app.ctx.db
      .update(sessions)
      .set({ data: sql`jsonb_set(${sessions.data}, '{absoluteExpiresAt}', to_jsonb(${Date.now() - 1000}::bigint))` })
      .where(eq(sessions.sid, sidOf(client.cookie)));
    expect((await client.get('/api/admin/outbox')).status).toBe(401);
    expect((await client.get('/api/admin/check')).body).toEqual({ authenticated: false });
    expect(await sessionRow(app, client.cookie)).toBeUndefined();
  });
});

describe('sign-in throttle', () => {
  let app: TestApp;
  beforeAll(async () => {
    // Behind a proxy, so each request can come from its own address.
    app = await startTestApp({ ADMIN_USERNAME: USERNAME, ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: 'true' });
  });
  afterAll(() => app?.close());

  const from = (address: string, username: string, password: string) =>
    app
      .client()
      .request('POST', '/api/admin/login', { username, password }, { headers: { 'X-Forwarded-For': address } });
  /** Another admin with the same password. */
  async function anotherAdmin(prefix: string): Promise<string> {
    const username = `${prefix}-${randomBytes(3).toString('hex')}`;
    const [main] = await app.ctx.db.select().from(adminUsers).where(eq(adminUsers.username, USERNAME));
    await app.ctx.db.insert(adminUsers).values({ username, passwordHash: main!.passwordHash, role: 'platform' });
    return username;
  }
  const expectThrottled = (res: TestResponse) => {
    expect(res.status).toBe(429);
    expect(res.body.message).toMatch(THROTTLED);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
  };

  it("lets the owner's right password from a clean address sign in after 5 failures elsewhere", async () => {
    for (let i = 0; i < 5; i++) expect((await from('203.0.113.1', USERNAME, `wrong-${i}`)).status).toBe(401);
    const res = await from('198.51.100.7', USERNAME, PASSWORD);
    expect(res.status, res.text).toBe(200);
  });

  it('locks the account at the address its 5 failures came from, even with the right password', async () => {
    // The 5 failures of the test above, from 203.0.113.1; the account name's case buys nothing.
    for (const username of [USERNAME, 'ADMIN']) expectThrottled(await from('203.0.113.1', username, PASSWORD));
  });

  it('locks an address after 20 failures across accounts; other addresses are unaffected', async () => {
    const other = await anotherAdmin('other');
    // Only the pair is locked so far: another account still signs in from 203.0.113.1.
    expect((await from('203.0.113.1', other, PASSWORD)).status).toBe(200);
    for (let i = 0; i < 15; i++) expect((await from('203.0.113.1', `guess-${i}`, 'wrong-password')).status).toBe(401);
    expectThrottled(await from('203.0.113.1', other, PASSWORD));
    expect((await from('203.0.113.2', other, PASSWORD)).status).toBe(200);
  });

  it('slows down, never locks, an account failing from many addresses: from the 10th failure each attempt waits 250 ms more', async () => {
    const target = await anotherAdmin('target');
    for (let i = 1; i <= 10; i++) expect((await from(`192.0.2.${i}`, target, 'wrong-password')).status).toBe(401);
    let started = Date.now();
    expect((await from('192.0.2.100', target, PASSWORD)).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    // Two more failures: 12 in the window, so the wait is 3 x 250 ms.
    for (let i = 11; i <= 12; i++) expect((await from(`192.0.2.${i}`, target, 'wrong-password')).status).toBe(401);
    started = Date.now();
    expect((await from('192.0.2.101', target, PASSWORD)).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(750);
  });

  it('counts parallel guesses before checking them, so a burst cannot slip past the limit', async () => {
    const target = await anotherAdmin('burst');
    const statuses = (
      await Promise.all(Array.from({ length: 12 }, (_, i) => from('203.0.113.50', target, `wrong-${i}`)))
    ).map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });
});

describe('sign-in throttle reset', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ ADMIN_USERNAME: USERNAME, ADMIN_PASSWORD: PASSWORD });
  });
  afterAll(() => app?.close());

  it("forgets an account's failures at an address once it signs in there", async () => {
    for (let i = 0; i < 4; i++)
      expect(
        (await app.client().post('/api/admin/login', { username: USERNAME, password: 'wrong-password' })).status,
      ).toBe(401);
    expect((await app.client().post('/api/admin/login', { username: USERNAME, password: PASSWORD })).status).toBe(200);
    for (let i = 0; i < 4; i++)
      expect(
        (await app.client().post('/api/admin/login', { username: USERNAME, password: 'wrong-password' })).status,
      ).toBe(401);
    expect((await app.client().post('/api/admin/login', { username: USERNAME, password: PASSWORD })).status).toBe(200);
  });
});

describe('first administrator', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMIT: 'false' });
  });
  afterAll(() => app?.close());

  const withEnv = (env: Partial<TestApp['ctx']['env']>) => ({ ...app.ctx, env: { ...app.ctx.env, ...env } });
  const login = (username: string, password: string) => app.client().post('/api/admin/login', { username, password });

  it('refuses to run in production with no administrator anywhere', async () => {
    await app.ctx.db.delete(adminUsers);
    const err = await ensureFirstAdmin(withEnv({ NODE_ENV: 'production' })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toBe('No administrator: set ADMIN_USERNAME and ADMIN_PASSWORD');
    expect(await app.ctx.db.select().from(adminUsers)).toEqual([]);
  });

  it('refuses a common ADMIN_PASSWORD, naming the variable', async () => {
    const err = await ensureFirstAdmin(withEnv({ ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'Qwerty123456!' })).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toBe(
      'Invalid configuration:\n  ADMIN_PASSWORD is one of the most common passwords: choose another',
    );
    expect(await app.ctx.db.select().from(adminUsers).where(eq(adminUsers.username, 'owner'))).toEqual([]);
  });

  it('generates a password once for a local run without settings', async () => {
    const first = await ensureFirstAdmin(app.ctx);
    expect(first.generatedPassword).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(await ensureFirstAdmin(app.ctx)).toEqual({});
    expect((await login('admin', first.generatedPassword!)).status).toBe(200);
    // Production with an administrator in the database starts.
    expect(await ensureFirstAdmin(withEnv({ NODE_ENV: 'production' }))).toEqual({});
  });

  it('creates the configured admin and follows a changed password', async () => {
    await ensureFirstAdmin(withEnv({ ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'first-password-1' }));
    expect((await login('owner', 'first-password-1')).status).toBe(200);
    const hashOf = async () =>
      (await app.ctx.db.select().from(adminUsers).where(eq(adminUsers.username, 'owner')))[0]!.passwordHash;
    const hash = await hashOf();
    expect(hash).toMatch(/^\$2[aby]\$10\$/);

    await ensureFirstAdmin(withEnv({ ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'first-password-1' }));
    expect(await hashOf()).toBe(hash);

    await ensureFirstAdmin(withEnv({ ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'second-password-2' }));
    expect((await login('owner', 'first-password-1')).status).toBe(401);
    expect((await login('owner', 'second-password-2')).status).toBe(200);
    expect((await app.ctx.db.select().from(adminUsers).where(eq(adminUsers.username, 'owner'))).length).toBe(1);
  });
});
