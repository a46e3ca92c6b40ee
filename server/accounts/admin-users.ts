import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { AdminCheck } from '@shared/schemas/admin';
import {
  COUNTIES_RULE,
  type AdminAccount,
  type AdminAccountList,
  type AdminCounty,
  type CreateAdminInput,
  type UpdateAdminInput,
} from '@shared/schemas/admin-users';
import { inTransaction, type AppContext, type DbCtx, type ServiceCtx } from '../context';
import { adminTwoFactor, adminUserRegions, adminUsers, regions, sessions } from '../db/schema';
import type { AdminActor, AdminScope } from '../domain/actors';
import { conflict, invalid, notFound } from '../domain/errors';
import { ConfigError } from '../env';
import { loadAdminAccount } from '../counties/admin-scope';
import { endAdminSessions, resetTwoFactor } from './admin-two-factor';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from './password-policy';
import { checkPassword, hashPassword } from './passwords';
import { type OutboxCtx } from '../notifications/email-delivery';
import { sendPasswordChanged } from './password-notices';

export type AdminUser = typeof adminUsers.$inferSelect;

export const GENERATED_ADMIN_USERNAME = 'admin';

/**
 * The first administrator (docs/decisions/0035-first-admin.md). ADMIN_USERNAME/ADMIN_PASSWORD are
 * authoritative: the account is created or its password brought in line at every start. Without them a
 * local run gets a generated password once (returned so start-up can print it); production refuses to
 * run with nobody able to sign in.
 */
export async function ensureFirstAdmin(ctx: Pick<AppContext, 'db' | 'env'>): Promise<{ generatedPassword?: string }> {
  const { ADMIN_USERNAME: username, ADMIN_PASSWORD: password } = ctx.env;
  if (username && password) {
    await upsertAdmin(ctx, username, password);
    return {};
  }
  const [{ n } = { n: 0 }] = await ctx.db.select({ n: count() }).from(adminUsers);
  if (n > 0) return {};
  if (ctx.env.NODE_ENV === 'production')
    throw new ConfigError('No administrator: set ADMIN_USERNAME and ADMIN_PASSWORD');
  const generated = randomBytes(12).toString('base64url');
  const [created] = await ctx.db
    .insert(adminUsers)
    .values({ username: GENERATED_ADMIN_USERNAME, passwordHash: await hashPassword(generated), role: 'platform' })
    .onConflictDoNothing()
    .returning({ id: adminUsers.id });
  // Another process starting at the same moment may have created it first; its password stands.
  return created ? { generatedPassword: generated } : {};
}

/**
 * The same rule as contractors' passwords (docs/decisions/0076-passwords.md; the length is checked in
 * env.ts), for an ADMIN_PASSWORD about to be stored: the one already stored passed it when it was
 * set, so a start with it unchanged does not load the list (docs/decisions/0123-embedded-memory.md).
 */
function refuseCommonAdminPassword(password: string): void {
  if (isCommonPassword(password))
    throw new ConfigError(
      'Invalid configuration:\n  ADMIN_PASSWORD is one of the most common passwords: choose another',
    );
}

async function upsertAdmin(ctx: DbCtx, username: string, password: string): Promise<void> {
  const { db } = ctx;
  const [existing] = await db.select().from(adminUsers).where(eq(adminUsers.username, username));
  if (!existing) {
    refuseCommonAdminPassword(password);
    await db
      .insert(adminUsers)
      .values({ username, passwordHash: await hashPassword(password), role: 'platform' })
      .onConflictDoNothing();
    return;
  }
  // Rehash only on a change: a fresh salt at every start would be a pointless write.
  const changed = !(await checkPassword(password, existing.passwordHash));
  if (changed) refuseCommonAdminPassword(password);
  // The operator's account is the platform's and cannot be locked out (docs/decisions/0103-county-administrators.md).
  if (existing.role !== 'platform' || existing.disabledAt) {
    await db.update(adminUsers).set({ role: 'platform', disabledAt: null }).where(eq(adminUsers.id, existing.id));
  }
  if (changed) {
    await db
      .update(adminUsers)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(adminUsers.id, existing.id));
  }
}

/** The admin for these credentials, or null (a disabled account too); unknown names cost as much time as wrong passwords. */
export async function verifyAdmin(ctx: DbCtx, username: string, password: string): Promise<AdminUser | null> {
  const [admin] = await ctx.db.select().from(adminUsers).where(eq(adminUsers.username, username));
  const ok = await checkPassword(password, admin?.passwordHash);
  return ok && admin && !admin.disabledAt ? admin : null;
}

export async function recordAdminLogin(ctx: ServiceCtx, adminUserId: number): Promise<void> {
  await ctx.db.update(adminUsers).set({ lastLoginAt: ctx.clock.now() }).where(eq(adminUsers.id, adminUserId));
}

/** Counties by id, named, in name order: every county (ids null) or these. */
export async function countiesNamed(ctx: DbCtx, ids: readonly number[] | null): Promise<AdminCounty[]> {
  if (ids !== null && ids.length === 0) return [];
  return ctx.db
    .select({ id: regions.id, slug: regions.slug, name: regions.name })
    .from(regions)
    .where(ids === null ? undefined : inArray(regions.id, [...ids]))
    .orderBy(asc(regions.name));
}

/** What GET /api/admin/check tells the admin area about the signed-in administrator: its role, the counties it may look at, the one chosen. */
export async function adminSessionFacts(
  ctx: Pick<AppContext, 'db' | 'database'>,
  adminUserId: number,
  countyId: number | null | undefined,
): Promise<Omit<AdminCheck, 'authenticated'> | null> {
  const account = await loadAdminAccount(ctx, adminUserId);
  if (!account) return null;
  const counties = await countiesNamed(ctx, account.role === 'platform' ? null : account.regionIds);
  const chosen = countyId && counties.some((c) => c.id === countyId) ? countyId : null;
  return { username: account.username, role: account.role, counties, countyId: chosen };
}

/** The county an administrator chooses to look at: one it may see, or null for all of them. */
export async function chooseCounty(
  ctx: Pick<AppContext, 'db' | 'database'>,
  scope: AdminScope,
  countyId: number | null,
): Promise<number | null> {
  if (countyId === null) return null;
  const account = await loadAdminAccount(ctx, scope.adminUserId);
  const allowed = await countiesNamed(ctx, account?.role === 'platform' ? null : (account?.regionIds ?? []));
  if (!allowed.some((c) => c.id === countyId)) throw notFound('County not found');
  return countyId;
}

/** GET /api/admin/users: every account with its counties, and every county to assign (platform administrators only). */
export async function listAdminAccounts(ctx: DbCtx): Promise<AdminAccountList> {
  const [rows, links, counties] = await Promise.all([
    ctx.db.select().from(adminUsers).orderBy(asc(adminUsers.username)),
    ctx.db
      .select({ adminUserId: adminUserRegions.adminUserId, regionId: adminUserRegions.regionId })
      .from(adminUserRegions),
    countiesNamed(ctx, null),
  ]);
  const enrolled = new Set(
    (
      await ctx.db
        .select({ id: adminTwoFactor.adminUserId })
        .from(adminTwoFactor)
        .where(isNotNull(adminTwoFactor.confirmedAt))
    ).map((r) => r.id),
  );
  const byId = new Map(counties.map((c) => [c.id, c]));
  return {
    accounts: rows.map((r) => ({
      id: r.id,
      username: r.username,
      role: r.role,
      email: r.email,
      counties: links
        .filter((l) => l.adminUserId === r.id)
        .map((l) => byId.get(l.regionId)!)
        .filter(Boolean)
        .sort((a, b) => a.name.localeCompare(b.name)),
      disabled: r.disabledAt !== null,
      twoFactor: enrolled.has(r.id),
      lastLoginAt: r.lastLoginAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
    })),
    counties,
  };
}

async function accountById(ctx: DbCtx, id: number): Promise<AdminAccount> {
  const account = (await listAdminAccounts(ctx)).accounts.find((a) => a.id === id);
  if (!account) throw notFound('Administrator not found');
  return account;
}

async function checkCounties(ctx: DbCtx, regionIds: readonly number[]): Promise<void> {
  const found = await countiesNamed(ctx, regionIds);
  if (found.length !== new Set(regionIds).size)
    throw invalid('Please check the highlighted fields', { regionIds: 'Choose counties from the list' });
}

/** POST /api/admin/users: a new account; a county administrator's counties with it, in one transaction. */
export async function createAdminAccount(ctx: DbCtx, input: CreateAdminInput): Promise<AdminAccount> {
  if (isCommonPassword(input.password))
    throw invalid('Please check the highlighted fields', { password: COMMON_PASSWORD_MESSAGE });
  const regionIds = input.role === 'county' ? [...new Set(input.regionIds)] : [];
  await checkCounties(ctx, regionIds);
  const passwordHash = await hashPassword(input.password);
  const id = await inTransaction(ctx, async (tx) => {
    const [created] = await tx.db
      .insert(adminUsers)
      .values({ username: input.username, passwordHash, role: input.role, email: input.email })
      .onConflictDoNothing()
      .returning({ id: adminUsers.id });
    if (!created) throw invalid('Please check the highlighted fields', { username: 'This username is taken' });
    if (regionIds.length > 0)
      await tx.db.insert(adminUserRegions).values(regionIds.map((regionId) => ({ adminUserId: created.id, regionId })));
    return created.id;
  });
  return accountById(ctx, id);
}

/**
 * PATCH /api/admin/users/:id: role, email address, counties, disabled. An administrator cannot disable or demote
 * itself (someone must be left to undo it); a county administrator keeps at least one county. The
 * change holds at the account's next request: the guard reads the account every time.
 */
export async function updateAdminAccount(
  ctx: DbCtx & Pick<AppContext, 'clock'>,
  actor: AdminActor,
  id: number,
  patch: UpdateAdminInput,
): Promise<AdminAccount> {
  const current = await accountById(ctx, id);
  if (id === actor.adminUserId && (patch.disabled === true || patch.role === 'county'))
    throw conflict('You cannot disable your own account or take away your own platform role');
  const role = patch.role ?? current.role;
  const regionIds = role === 'platform' ? [] : [...new Set(patch.regionIds ?? current.counties.map((c) => c.id))];
  if (role === 'county' && regionIds.length === 0)
    throw invalid('Please check the highlighted fields', { regionIds: COUNTIES_RULE });
  await checkCounties(ctx, regionIds);
  await inTransaction(ctx, async (tx) => {
    const disabledAt =
      patch.disabled === undefined
        ? undefined
        : patch.disabled
          ? current.disabled
            ? undefined
            : tx.clock.now()
          : null;
    await tx.db
      .update(adminUsers)
      .set({
        role,
        ...(patch.email === undefined ? {} : { email: patch.email }),
        ...(disabledAt === undefined ? {} : { disabledAt }),
      })
      .where(eq(adminUsers.id, id));
    await tx.db.delete(adminUserRegions).where(eq(adminUserRegions.adminUserId, id));
    if (regionIds.length > 0)
      await tx.db.insert(adminUserRegions).values(regionIds.map((regionId) => ({ adminUserId: id, regionId })));
  });
  return accountById(ctx, id);
}

/**
 * POST /api/admin/users/:id/password: the platform administrator sets another account's password
 * (docs/decisions/0109-admin-two-factor.md). Its sessions end; its two-factor sign-in stays, so a
 * password reset alone never opens an account protected by an authenticator app ('Reset two-factor'
 * is its own action). One's own password is the operator's ADMIN_PASSWORD or another platform
 * administrator's reset.
 */
export async function resetAdminPassword(
  ctx: DbCtx & OutboxCtx & Pick<AppContext, 'siteUrl'>,
  actor: AdminActor,
  id: number,
  password: string,
): Promise<AdminAccount> {
  await accountById(ctx, id);
  if (id === actor.adminUserId) throw conflict('Another platform administrator resets your password');
  if (isCommonPassword(password))
    throw invalid('Please check the highlighted fields', { password: COMMON_PASSWORD_MESSAGE });
  const passwordHash = await hashPassword(password);
  await inTransaction(ctx, async (tx) => {
    const [account] = await tx.db
      .update(adminUsers)
      .set({ passwordHash })
      .where(eq(adminUsers.id, id))
      .returning({ email: adminUsers.email, username: adminUsers.username });
    await endAdminSessions(tx, id);
    // The owner is told (docs/decisions/0114-homeowner-privacy.md).
    if (account?.email) await sendPasswordChanged(tx, account.email, { name: account.username, how: 'reset-by-admin' });
  });
  return accountById(ctx, id);
}

export const ADMIN_PASSWORD_IS_SETTING =
  "This account's password is the server's ADMIN_PASSWORD setting: change it there";
export const WRONG_CURRENT_PASSWORD = 'Your current password is not correct';

/**
 * POST /api/admin/account/password (docs/decisions/0114-homeowner-privacy.md): an administrator's
 * new password, given the current one. Every other session of the account ends (the generation
 * moves, [0109]); the one asking goes on under the answered generation. The account of
 * ADMIN_USERNAME is refused: ADMIN_PASSWORD is brought back at every start
 * (docs/decisions/0035-first-admin.md). The owner is told by email when the account has an address.
 */
export async function changeOwnAdminPassword(
  ctx: ServiceCtx & OutboxCtx & Pick<AppContext, 'env' | 'siteUrl'>,
  actor: AdminActor,
  input: { currentPassword: string; password: string },
  keepSession: string,
): Promise<{ generation: number }> {
  if (isCommonPassword(input.password))
    throw invalid('Please check the highlighted fields', { password: COMMON_PASSWORD_MESSAGE });
  const passwordHash = await hashPassword(input.password);
  return inTransaction(ctx, async (tx) => {
    const [account] = await tx.db.select().from(adminUsers).where(eq(adminUsers.id, actor.adminUserId)).for('update');
    if (!account) throw notFound('Administrator not found');
    if (ctx.env.ADMIN_USERNAME && account.username === ctx.env.ADMIN_USERNAME)
      throw conflict(ADMIN_PASSWORD_IS_SETTING);
    if (!(await checkPassword(input.currentPassword, account.passwordHash)))
      throw invalid(WRONG_CURRENT_PASSWORD, { currentPassword: WRONG_CURRENT_PASSWORD });
    const [row] = await tx.db
      .update(adminUsers)
      .set({ passwordHash, sessionGeneration: sql`${adminUsers.sessionGeneration} + 1` })
      .where(eq(adminUsers.id, account.id))
      .returning({ generation: adminUsers.sessionGeneration });
    await tx.db.delete(sessions).where(and(eq(sessions.adminUserId, account.id), ne(sessions.sid, keepSession)));
    if (account.email) await sendPasswordChanged(tx, account.email, { name: account.username, how: 'changed' });
    return { generation: row!.generation };
  });
}

/** POST /api/admin/users/:id/two-factor/reset: another account's authenticator app and recovery codes removed, its sessions ended. */
export async function resetAdminTwoFactor(
  ctx: ServiceCtx & Pick<AppContext, 'log'>,
  actor: AdminActor,
  id: number,
): Promise<AdminAccount> {
  await accountById(ctx, id);
  await resetTwoFactor(ctx, actor, id);
  return accountById(ctx, id);
}
