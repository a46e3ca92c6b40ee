import { randomBytes } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { createClock } from '../../server/clock';
import { adminRecoveryCodes, adminTwoFactor, adminUsers } from '../../server/db/schema';
import { totpCode } from '../../server/accounts/totp';
import { adminClient, countyAdminClient } from '../support/admin-session';
import type { TestClient } from '../support/http-client';
import { routeTable } from '../support/route-table';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Administrators' two-factor sign-in (docs/decisions/0109-admin-two-factor.md): enrolment, the
 * second step with a code or a recovery code, replays refused, the required setting, and the
 * platform administrator's resets of another account.
 */

/** The test clock, moved step by step: codes are computed for it as an app would. */
let at = Date.UTC(2026, 5, 1, 12, 0, 0);
const step = () => (at += 30_000);

async function newAdmin(app: TestApp, role: 'platform' | 'county' = 'county') {
  const username = `tf-${randomBytes(4).toString('hex')}`;
  const password = randomBytes(12).toString('base64url');
  const [row] = await app.ctx.db
    .insert(adminUsers)
    .values({ username, passwordHash: await bcrypt.hash(password, 4), role })
    .returning({ id: adminUsers.id });
  return { id: row!.id, username, password };
}

async function passwordStep(app: TestApp, creds: { username: string; password: string }) {
  const client = app.client();
  const res = await client.post('/api/admin/login', creds);
  return { client, res };
}

/** Sets up two-factor sign-in for a signed-in client; answers the secret and the recovery codes. */
async function enrol(client: TestClient) {
  const setup = await client.post('/api/admin/two-factor/setup', {});
  expect(setup.status, setup.text).toBe(200);
  const confirm = await client.post('/api/admin/two-factor/confirm', {
    code: totpCode(setup.body.secret, new Date(at)),
  });
  expect(confirm.status, confirm.text).toBe(200);
  return { secret: setup.body.secret as string, recoveryCodes: confirm.body.recoveryCodes as string[] };
}

describe('optional (the setting off)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMIT: 'false' });
    app.ctx.clock.now = () => new Date(at);
  });
  afterAll(() => app?.close());

  it('enrols: a secret and its otpauth address, a wrong code 400 on its field, the right one gives ten recovery codes once', async () => {
    const admin = await newAdmin(app);
    const { client, res } = await passwordStep(app, admin);
    expect(res.body).toEqual({ message: 'Login successful', username: admin.username });
    expect((await client.get('/api/admin/two-factor')).body).toEqual({
      enabled: false,
      required: false,
      recoveryCodesLeft: 0,
    });

    const setup = await client.post('/api/admin/two-factor/setup', {});
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.uri).toMatch(
      new RegExp(
        `^otpauth://totp/.*${admin.username}\\?.*secret=${setup.body.secret}.*algorithm=SHA1&digits=6&period=30`,
      ),
    );
    // The authenticator's entry is the platform's, by the name its mail goes out under, not the host it was set up on (127.0.0.1 here).
    const uri = new URL(setup.body.uri);
    expect(uri.searchParams.get('issuer')).toBe('Sullivan County Contractors');
    expect(decodeURIComponent(uri.pathname)).toBe(`/Sullivan County Contractors:${admin.username}`);
    const wrong = await client.post('/api/admin/two-factor/confirm', {
      code: totpCode(setup.body.secret, new Date(at + 5 * 60_000)),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.code).toMatch(/not right/);
    expect((await client.post('/api/admin/two-factor/confirm', { code: 'abc' })).status).toBe(400);

    const confirm = await client.post('/api/admin/two-factor/confirm', {
      code: totpCode(setup.body.secret, new Date(at)),
    });
    expect(confirm.status).toBe(200);
    expect(confirm.body.recoveryCodes).toHaveLength(10);
    expect(new Set(confirm.body.recoveryCodes).size).toBe(10);
    expect(confirm.body.recoveryCodes[0]).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    // Stored hashed, the secret sealed.
    const stored = await app.ctx.db
      .select()
      .from(adminRecoveryCodes)
      .where(eq(adminRecoveryCodes.adminUserId, admin.id));
    expect(stored.map((r) => r.codeHash)).not.toContain(confirm.body.recoveryCodes[0]);
    const [sealed] = await app.ctx.db.select().from(adminTwoFactor).where(eq(adminTwoFactor.adminUserId, admin.id));
    expect(sealed!.sealedSecret).not.toContain(setup.body.secret);

    expect((await client.post('/api/admin/two-factor/setup', {})).status).toBe(409);
    expect((await client.get('/api/admin/two-factor')).body).toEqual({
      enabled: true,
      required: false,
      recoveryCodesLeft: 10,
    });
  });

  it('signs in with the password then a code: no admin session in between; a wrong code 401; a code taken once', async () => {
    const admin = await newAdmin(app);
    const { secret } = await enrol((await passwordStep(app, admin)).client);
    step();

    const { client, res } = await passwordStep(app, admin);
    expect(res.status).toBe(200);
    expect(res.body.twoFactor).toBe('code');
    expect((await client.get('/api/admin/stats')).status).toBe(401);
    expect((await client.get('/api/admin/check')).body).toEqual({ authenticated: false, twoFactor: 'code' });

    expect((await client.post('/api/admin/login/code', {})).status).toBe(400);
    expect(
      (await client.post('/api/admin/login/code', { code: totpCode(secret, new Date(at - 5 * 60_000)) })).status,
    ).toBe(401);
    const code = totpCode(secret, new Date(at));
    const ok = await client.post('/api/admin/login/code', { code });
    expect(ok.status, ok.text).toBe(200);
    expect((await client.get('/api/admin/stats')).status).toBe(200);
    expect((await client.get('/api/admin/check')).body).toMatchObject({
      authenticated: true,
      username: admin.username,
    });

    // The same code again, in its window: refused. So is the previous step's, older than the one taken.
    const again = await passwordStep(app, admin);
    expect((await again.client.post('/api/admin/login/code', { code })).status).toBe(401);
    expect(
      (await again.client.post('/api/admin/login/code', { code: totpCode(secret, new Date(at - 30_000)) })).status,
    ).toBe(401);
    expect(
      (await again.client.post('/api/admin/login/code', { code: totpCode(secret, new Date(at + 30_000)) })).status,
    ).toBe(200);
  });

  it('takes a recovery code once, typed any case and without dashes', async () => {
    const admin = await newAdmin(app);
    const { recoveryCodes } = await enrol((await passwordStep(app, admin)).client);
    const first = await passwordStep(app, admin);
    const typed = recoveryCodes[3]!.toLowerCase().replace(/-/g, '');
    const ok = await first.client.post('/api/admin/login/code', { code: typed });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.message).toMatch(/used up/);
    expect((await first.client.get('/api/admin/two-factor')).body.recoveryCodesLeft).toBe(9);

    const second = await passwordStep(app, admin);
    expect((await second.client.post('/api/admin/login/code', { code: recoveryCodes[3] })).status).toBe(401);
    expect((await second.client.post('/api/admin/login/code', { code: 'AAAA-BBBB-CCCC-DDDD' })).status).toBe(401);
    expect((await second.client.get('/api/admin/stats')).status).toBe(401);
  });

  it('refuses the second step without the password step', async () => {
    const client = app.client();
    expect((await client.post('/api/admin/login/code', { code: '123456' })).status).toBe(401);
    const signedIn = await adminClient(app);
    expect((await signedIn.post('/api/admin/login/code', { code: '123456' })).status).toBe(401);
  });

  it('makes new recovery codes and turns it off, each with a current code', async () => {
    const admin = await newAdmin(app);
    const { client } = await passwordStep(app, admin);
    const { secret, recoveryCodes } = await enrol(client);
    step();
    expect((await client.post('/api/admin/two-factor/recovery-codes', { code: '000000' })).status).toBe(400);
    const fresh = await client.post('/api/admin/two-factor/recovery-codes', { code: totpCode(secret, new Date(at)) });
    expect(fresh.status).toBe(200);
    expect(fresh.body.recoveryCodes).toHaveLength(10);
    const old = await passwordStep(app, admin);
    expect((await old.client.post('/api/admin/login/code', { code: recoveryCodes[0] })).status).toBe(401);

    step();
    expect(
      (await client.post('/api/admin/two-factor/disable', { code: totpCode(secret, new Date(at - 5 * 60_000)) }))
        .status,
    ).toBe(400);
    const off = await client.post('/api/admin/two-factor/disable', { code: totpCode(secret, new Date(at)) });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });
    expect((await passwordStep(app, admin)).res.body.twoFactor).toBeUndefined();
  });
});

describe('the platform administrator resets another account', () => {
  let app: TestApp;
  let platform: TestClient;
  let platformId: number;
  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMIT: 'false' });
    app.ctx.clock.now = () => new Date(at);
    const p = await newAdmin(app, 'platform');
    platformId = p.id;
    platform = (await passwordStep(app, p)).client;
  });
  afterAll(() => app?.close());

  it("sets a new password: the account's sessions end, the old password fails, its two-factor sign-in stays", async () => {
    const other = await newAdmin(app);
    const { client } = await passwordStep(app, other);
    const { secret } = await enrol(client);
    expect((await client.get('/api/admin/two-factor')).status).toBe(200);

    expect((await platform.post(`/api/admin/users/${other.id}/password`, { password: 'short' })).status).toBe(400);
    expect((await platform.post(`/api/admin/users/${other.id}/password`, { password: 'password1234' })).status).toBe(
      400,
    );
    expect(
      (await platform.post('/api/admin/users/999999/password', { password: 'a brand new passphrase' })).status,
    ).toBe(404);
    const reset = await platform.post(`/api/admin/users/${other.id}/password`, { password: 'a brand new passphrase' });
    expect(reset.status, reset.text).toBe(200);
    expect(reset.body).toMatchObject({ id: other.id, twoFactor: true });

    expect((await client.get('/api/admin/two-factor')).status).toBe(401);
    expect((await passwordStep(app, other)).res.status).toBe(401);
    const again = await passwordStep(app, { username: other.username, password: 'a brand new passphrase' });
    expect(again.res.body.twoFactor).toBe('code');
    step();
    expect((await again.client.post('/api/admin/login/code', { code: totpCode(secret, new Date(at)) })).status).toBe(
      200,
    );
  });

  it('ends a session being written back after the reset: the generation, not only the rows', async () => {
    const other = await newAdmin(app);
    const { client } = await passwordStep(app, other);
    await app.ctx.db.update(adminUsers).set({ sessionGeneration: 5 }).where(eq(adminUsers.id, other.id));
    expect((await client.get('/api/admin/two-factor')).status).toBe(401);
  });

  it("resets another's two-factor sign-in: gone with its codes, its sessions ended", async () => {
    const other = await newAdmin(app);
    const { client } = await passwordStep(app, other);
    await enrol(client);
    const reset = await platform.post(`/api/admin/users/${other.id}/two-factor/reset`, {});
    expect(reset.status, reset.text).toBe(200);
    expect(reset.body.twoFactor).toBe(false);
    expect((await client.get('/api/admin/two-factor')).status).toBe(401);
    expect(
      await app.ctx.db.select().from(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminUserId, other.id)),
    ).toEqual([]);
    expect((await passwordStep(app, other)).res.body.twoFactor).toBeUndefined();
  });

  it('refuses its own account (409), and a county administrator (403)', async () => {
    expect(
      (await platform.post(`/api/admin/users/${platformId}/password`, { password: 'a brand new passphrase' })).status,
    ).toBe(409);
    expect((await platform.post(`/api/admin/users/${platformId}/two-factor/reset`, {})).status).toBe(409);
    const county = await countyAdminClient(app, []);
    expect(
      (await county.client.post(`/api/admin/users/${platformId}/password`, { password: 'a brand new passphrase' }))
        .status,
    ).toBe(403);
    expect((await county.client.post(`/api/admin/users/${platformId}/two-factor/reset`, {})).status).toBe(403);
    expect((await passwordStep(app, county)).res.status).toBe(200);
  });
});

describe('required (ADMIN_TWO_FACTOR=required)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMIT: 'false', ADMIN_TWO_FACTOR: 'required' });
    app.ctx.clock.now = () => new Date(at);
  });
  afterAll(() => {
    app.ctx.clock.now = createClock().now;
    return app?.close();
  });

  it('blocks every admin route but the enrolment until it is set up, then lets the account through', async () => {
    const admin = await newAdmin(app, 'platform');
    const { client, res } = await passwordStep(app, admin);
    expect(res.body.twoFactor).toBe('enrol');
    expect((await client.get('/api/admin/check')).body).toMatchObject({ authenticated: true, twoFactor: 'enrol' });

    const adminRoutes = routeTable(createApp({ ctx: app.ctx, sessionSecret: app.ctx.env.SESSION_SECRET! })).filter(
      (r) => r.path.startsWith('/api/') && r.roles[0] === 'admin',
    );
    const blocked = adminRoutes.filter((r) => !r.admin?.enrolment);
    expect(blocked.length).toBeGreaterThan(30);
    expect(adminRoutes.filter((r) => r.admin?.enrolment).map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining([
        'GET /api/admin/two-factor',
        'POST /api/admin/two-factor/setup',
        'POST /api/admin/two-factor/confirm',
      ]),
    );
    for (const r of blocked) {
      const answer = await client.request(
        r.method,
        r.path.replace(/:(\w+)/g, '1'),
        r.method === 'GET' ? undefined : {},
      );
      expect(answer.status, `${r.method} ${r.path}`).toBe(403);
      expect(answer.body.message).toMatch(/two-factor/);
    }

    const { secret } = await enrol(client);
    expect((await client.get('/api/admin/stats')).status).toBe(200);
    expect((await client.get('/api/admin/check')).body.twoFactor).toBeUndefined();
    step();
    expect((await client.post('/api/admin/two-factor/disable', { code: totpCode(secret, new Date(at)) })).status).toBe(
      409,
    );
  });
});
