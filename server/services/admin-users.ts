import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { AppContext, DbCtx, ServiceCtx } from '../context';
import { adminUsers } from '../db/schema';
import { ConfigError } from '../env';
import { isCommonPassword } from './password-policy';
import { checkPassword, hashPassword } from './passwords';

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
    // The same rule as contractors' passwords (docs/decisions/0076-passwords.md); the length is checked in env.ts.
    if (isCommonPassword(password)) throw new ConfigError('Invalid configuration:\n  ADMIN_PASSWORD is one of the most common passwords: choose another');
    await upsertAdmin(ctx, username, password);
    return {};
  }
  const [{ n } = { n: 0 }] = await ctx.db.select({ n: count() }).from(adminUsers);
  if (n > 0) return {};
  if (ctx.env.NODE_ENV === 'production') throw new ConfigError('No administrator: set ADMIN_USERNAME and ADMIN_PASSWORD');
  const generated = randomBytes(12).toString('base64url');
  const [created] = await ctx.db
    .insert(adminUsers)
    .values({ username: GENERATED_ADMIN_USERNAME, passwordHash: await hashPassword(generated) })
    .onConflictDoNothing()
    .returning({ id: adminUsers.id });
  // Another process starting at the same moment may have created it first; its password stands.
  return created ? { generatedPassword: generated } : {};
}

async function upsertAdmin(ctx: DbCtx, username: string, password: string): Promise<void> {
  const { db } = ctx;
  const [existing] = await db.select().from(adminUsers).where(eq(adminUsers.username, username));
  if (!existing) {
    await db
      .insert(adminUsers)
      .values({ username, passwordHash: await hashPassword(password) })
      .onConflictDoNothing();
    return;
  }
  // Rehash only on a change: a fresh salt at every start would be a pointless write.
  if (!(await checkPassword(password, existing.passwordHash))) {
    await db
      .update(adminUsers)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(adminUsers.id, existing.id));
  }
}

/** The admin for these credentials, or null; unknown names cost as much time as wrong passwords. */
export async function verifyAdmin(ctx: DbCtx, username: string, password: string): Promise<AdminUser | null> {
  const [admin] = await ctx.db.select().from(adminUsers).where(eq(adminUsers.username, username));
  const ok = await checkPassword(password, admin?.passwordHash);
  return ok && admin ? admin : null;
}

export async function recordAdminLogin(ctx: ServiceCtx, adminUserId: number): Promise<void> {
  await ctx.db.update(adminUsers).set({ lastLoginAt: ctx.clock.now() }).where(eq(adminUsers.id, adminUserId));
}
