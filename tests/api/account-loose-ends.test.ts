import { randomBytes } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUsers, contractorAccounts, contractorAccountTokens, outboxEmails } from '../../server/db/schema';
import { PRUNE_ACCOUNT_TOKENS } from '../../server/jobs';
import { hashAccountToken, issueAccountToken } from '../../server/accounts/account-tokens';
import { ADMIN_PASSWORD_IS_SETTING, WRONG_CURRENT_PASSWORD } from '../../server/accounts/admin-users';
import { countyAdminClient } from '../support/admin-session';
import { createContractor } from '../support/factories';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The accounts' loose ends (issue 25; docs/decisions/0114-homeowner-privacy.md): an administrator
 * changes its own password (the current one needed, its other sessions ended), contractors and
 * administrators are emailed when their password changes, and links that can no longer be used are
 * pruned daily.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT: 'false' });
});
afterAll(() => app?.close());

const NEW_PASSWORD = 'hemlock-sawmill-ridge-77';
const mailsTo = (to: string) =>
  app.ctx.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.toAddress, to), eq(outboxEmails.kind, 'password-changed')));

describe("an administrator's own password", () => {
  it('needs the current password, ends the other sessions, keeps this one, and tells the owner', async () => {
    const { client, adminUserId, username, password } = await countyAdminClient(app, []);
    const email = `admin-${randomBytes(3).toString('hex')}@example.com`;
    await app.ctx.db.update(adminUsers).set({ email }).where(eq(adminUsers.id, adminUserId));
    const other = app.client();
    expect((await other.post('/api/admin/login', { username, password })).status).toBe(200);
    expect((await other.get('/api/admin/check')).body.authenticated).toBe(true);

    expect(
      (await app.client().post('/api/admin/account/password', { currentPassword: password, password: NEW_PASSWORD }))
        .status,
    ).toBe(401);
    const wrong = await client.post('/api/admin/account/password', {
      currentPassword: 'not-my-password',
      password: NEW_PASSWORD,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ currentPassword: WRONG_CURRENT_PASSWORD });
    expect(
      (await client.post('/api/admin/account/password', { currentPassword: password, password: 'short' })).status,
    ).toBe(400);
    expect(
      (await client.post('/api/admin/account/password', { currentPassword: password, password: 'password1234' }))
        .status,
    ).toBe(400);
    expect((await client.post('/api/admin/account/password', {})).status).toBe(400);
    expect(await mailsTo(email)).toEqual([]);

    const res = await client.post('/api/admin/account/password', { currentPassword: password, password: NEW_PASSWORD });
    expect(res.status, res.text).toBe(200);
    expect((await client.get('/api/admin/check')).body.authenticated).toBe(true);
    expect((await other.get('/api/admin/check')).body.authenticated).toBe(false);
    expect((await app.client().post('/api/admin/login', { username, password })).status).toBe(401);
    expect((await app.client().post('/api/admin/login', { username, password: NEW_PASSWORD })).status).toBe(200);
    const [mail] = await mailsTo(email);
    expect(mail).toMatchObject({ subject: 'Your password was changed', regionId: null });
    expect(mail!.textBody).toContain('was changed from your account settings');
  });

  it("is refused for the ADMIN_USERNAME account, whose password is the server's setting", async () => {
    const { client, username, password } = await countyAdminClient(app, []);
    const before = app.ctx.env.ADMIN_USERNAME;
    (app.ctx.env as { ADMIN_USERNAME?: string }).ADMIN_USERNAME = username;
    try {
      const res = await client.post('/api/admin/account/password', {
        currentPassword: password,
        password: NEW_PASSWORD,
      });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(ADMIN_PASSWORD_IS_SETTING);
    } finally {
      (app.ctx.env as { ADMIN_USERNAME?: string }).ADMIN_USERNAME = before;
    }
  });
});

describe("a contractor's password change", () => {
  it('emails the account when changed in the portal and when reset by a link', async () => {
    const contractor = await createContractor(app.ctx.db);
    const email = `owner-${randomBytes(4).toString('hex')}@builders.example`;
    const password = randomBytes(12).toString('base64url');
    const [account] = await app.ctx.db
      .insert(contractorAccounts)
      .values({ contractorId: contractor.id, email, passwordHash: await bcrypt.hash(password, 4) })
      .returning();
    const client = app.client();
    expect((await client.post('/api/contractor/login', { email, password })).status).toBe(200);
    expect(
      (await client.post('/api/contractor/password', { currentPassword: password, password: NEW_PASSWORD })).status,
    ).toBe(200);
    expect((await mailsTo(email)).map((m) => m.textBody)).toEqual([
      expect.stringContaining('was changed from your account settings'),
    ]);

    const { token } = await issueAccountToken(app.ctx, account!.id, 'password-reset');
    expect(
      (await app.client().post('/api/contractor/reset-password', { token, password: 'granite-quarry-lane-19' })).status,
    ).toBe(200);
    expect((await mailsTo(email)).map((m) => m.textBody)).toEqual([
      expect.stringContaining('from your account settings'),
      expect.stringContaining('"Forgot your password?"'),
    ]);
  });
});

describe('prune-account-tokens', () => {
  it('runs daily and deletes links that are expired, used or voided, keeping live ones', async () => {
    expect(await app.ctx.jobs.schedules()).toContainEqual({
      name: PRUNE_ACCOUNT_TOKENS,
      cron: '30 3 * * *',
      tz: 'America/New_York',
    });
    const contractor = await createContractor(app.ctx.db);
    const [account] = await app.ctx.db
      .insert(contractorAccounts)
      .values({
        contractorId: contractor.id,
        email: `prune-${randomBytes(4).toString('hex')}@builders.example`,
        passwordHash: 'x',
      })
      .returning();
    const now = Date.now();
    const row = (name: string, over: Partial<typeof contractorAccountTokens.$inferInsert>) => ({
      accountId: account!.id,
      purpose: 'password-reset' as const,
      tokenHash: hashAccountToken(`${name}-${randomBytes(8).toString('hex')}`),
      expiresAt: new Date(now + 3_600_000),
      ...over,
    });
    const rows = await app.ctx.db
      .insert(contractorAccountTokens)
      .values([
        row('live', {}),
        row('expired', { expiresAt: new Date(now - 1000) }),
        row('used', { usedAt: new Date(now - 1000) }),
        row('voided', { voidedAt: new Date(now - 1000) }),
        row('live-email', { purpose: 'email-change', newEmail: 'new@builders.example' }),
      ])
      .returning({ id: contractorAccountTokens.id });
    await app.ctx.jobs.send(PRUNE_ACCOUNT_TOKENS, {});
    expect(await app.ctx.jobs.runPending()).toBe(1);
    const left = await app.ctx.db
      .select({ id: contractorAccountTokens.id })
      .from(contractorAccountTokens)
      .where(
        inArray(
          contractorAccountTokens.id,
          rows.map((r) => r.id),
        ),
      );
    expect(left.map((r) => r.id).sort()).toEqual([rows[0]!.id, rows[4]!.id].sort());

    // By the app's clock: two hours on, the live links have expired too.
    const realNow = app.ctx.clock.now;
    app.ctx.clock.now = () => new Date(now + 2 * 3_600_000);
    try {
      await app.ctx.jobs.send(PRUNE_ACCOUNT_TOKENS, {});
      expect(await app.ctx.jobs.runPending()).toBe(1);
    } finally {
      app.ctx.clock.now = realNow;
    }
    expect(
      await app.ctx.db.select().from(contractorAccountTokens).where(eq(contractorAccountTokens.accountId, account!.id)),
    ).toEqual([]);
  });
});
