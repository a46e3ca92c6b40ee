import { randomBytes } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminUsers, contractorAccounts } from '../../server/db/schema';
import { createContractor } from '../support/factories';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Production sign-in over plain http (issue 11, item 8;
 * docs/decisions/0042-production-sign-in-https.md): the session cookie is Secure, so over http no
 * session can start. The sign-in must say so instead of 'Login successful'.
 */
const production = { NODE_ENV: 'production', PAYMENTS: 'demo' };

async function accounts(app: TestApp) {
  const admin = {
    username: `admin-${randomBytes(4).toString('hex')}`,
    password: randomBytes(12).toString('base64url'),
  };
  await app.ctx.db
    .insert(adminUsers)
    .values({ username: admin.username, passwordHash: await bcrypt.hash(admin.password, 4), role: 'platform' });
  const contractor = await createContractor(app.ctx.db);
  const owner = {
    email: `portal-${randomBytes(4).toString('hex')}@example.com`,
    password: randomBytes(12).toString('base64url'),
  };
  await app.ctx.db
    .insert(contractorAccounts)
    .values({ contractorId: contractor.id, email: owner.email, passwordHash: await bcrypt.hash(owner.password, 4) });
  return { admin, owner };
}

const cookieOf = (headers: Headers) => headers.getSetCookie().find((c) => c.startsWith('sid='));

describe('production sign-in over plain http', () => {
  let app: TestApp;
  let creds: Awaited<ReturnType<typeof accounts>>;
  beforeAll(async () => {
    app = await startTestApp(production);
    creds = await accounts(app);
  });
  afterAll(() => app.close());

  it('refuses an admin sign-in that cannot start a session, saying HTTPS or TRUST_PROXY is needed, and logs it once', async () => {
    const warn = vi.spyOn(app.ctx.log, 'warn');
    const client = app.client();
    const res = await client.post('/api/admin/login', creds.admin);
    expect(res.status).toBe(403);
    expect(res.body.message).not.toMatch(/success/i);
    expect(res.body.message).toMatch(/HTTPS/);
    expect(res.body.message).toMatch(/TRUST_PROXY/);
    expect(cookieOf(res.headers)).toBeUndefined();
    expect((await client.get('/api/admin/check')).body).toEqual({ authenticated: false });

    // Said once to the operator, not once per attempt.
    expect((await app.client().post('/api/admin/login', creds.admin)).status).toBe(403);
    expect((await app.client().post('/api/contractor/login', creds.owner)).status).toBe(403);
    const logged = warn.mock.calls.filter(([m]) => /HTTPS/.test(m));
    expect(logged).toHaveLength(1);
    expect(logged[0]![0]).toMatch(/TRUST_PROXY/);
    expect(logged[0]![0]).toMatch(/ALLOW_PLAIN_HTTP/);
    warn.mockRestore();
  });

  it('refuses a contractor sign-in the same way', async () => {
    const res = await app.client().post('/api/contractor/login', creds.owner);
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/HTTPS/);
    expect(res.body.message).not.toMatch(/setup required|success/i);
    expect(cookieOf(res.headers)).toBeUndefined();
  });

  it('still answers bad input with 400', async () => {
    expect((await app.client().post('/api/admin/login', {})).status).toBe(400);
  });
});

describe('production sign-in behind a TLS proxy (TRUST_PROXY)', () => {
  let app: TestApp;
  let creds: Awaited<ReturnType<typeof accounts>>;
  beforeAll(async () => {
    app = await startTestApp({ ...production, TRUST_PROXY: 'true' });
    creds = await accounts(app);
  });
  afterAll(() => app.close());

  it('signs in with a Secure cookie when the proxy says the visitor used https', async () => {
    const client = app.client();
    const https = { headers: { 'X-Forwarded-Proto': 'https' } };
    const res = await client.request('POST', '/api/admin/login', creds.admin, https);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Login successful');
    expect(cookieOf(res.headers)).toMatch(/; Secure/);
    const owner = await app.client().request('POST', '/api/contractor/login', creds.owner, https);
    expect(owner.status).toBe(200);
    expect(cookieOf(owner.headers)).toMatch(/; Secure/);
  });

  it('refuses when the proxy says the visitor used plain http', async () => {
    const res = await app
      .client()
      .request('POST', '/api/admin/login', creds.admin, { headers: { 'X-Forwarded-Proto': 'http' } });
    expect(res.status).toBe(403);
    expect(cookieOf(res.headers)).toBeUndefined();
  });
});

describe('production sign-in over plain http when the operator opts in (ALLOW_PLAIN_HTTP)', () => {
  let app: TestApp;
  let creds: Awaited<ReturnType<typeof accounts>>;
  beforeAll(async () => {
    app = await startTestApp({ ...production, ALLOW_PLAIN_HTTP: 'true' });
    creds = await accounts(app);
  });
  afterAll(() => app.close());

  it('starts a session over http with a cookie that is not Secure, and the session works', async () => {
    const client = app.client();
    const res = await client.post('/api/admin/login', creds.admin);
    expect(res.status).toBe(200);
    const cookie = cookieOf(res.headers);
    expect(cookie).toBeDefined();
    expect(cookie).not.toMatch(/; Secure/);
    expect((await client.get('/api/admin/check')).body).toMatchObject({ authenticated: true });
    const owner = app.client();
    expect((await owner.post('/api/contractor/login', creds.owner)).status).toBe(200);
    expect((await owner.get('/api/contractor/profile')).status).toBe(200);
  });
});
