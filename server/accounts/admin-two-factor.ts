import { and, count, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { TwoFactorEnrolment, TwoFactorStatus } from '@shared/schemas/admin-two-factor';
import { inTransaction, type AppContext, type DbCtx, type ServiceCtx } from '../context';
import { adminRecoveryCodes, adminTwoFactor, adminUsers, sessions } from '../db/schema';
import type { AdminActor } from '../domain/actors';
import { conflict, invalid } from '../domain/errors';
import {
  hashRecoveryCode,
  looksLikeRecoveryCode,
  looksLikeTotp,
  matchTotp,
  newRecoveryCodes,
  newTotpSecret,
  openSecret,
  otpauthUri,
  sealSecret,
  type SealingKey,
} from './totp';

/**
 * Administrators' two-factor sign-in (docs/decisions/0109-admin-two-factor.md): enrolment with an
 * authenticator app confirmed by a code, the second step of a sign-in (a code, or a recovery code
 * spent), new recovery codes, turning it off, and the platform administrator's reset.
 */

type Ctx = ServiceCtx & Pick<AppContext, 'log'>;

const WRONG_CODE = 'That code is not right. Enter the 6-digit code your authenticator app shows now.';

/**
 * Ends every session of an administrator, also one being written back by a request in flight: the
 * guard compares the session's generation with the account's.
 */
export async function endAdminSessions(ctx: DbCtx, adminUserId: number): Promise<void> {
  await ctx.db
    .update(adminUsers)
    .set({ sessionGeneration: sql`${adminUsers.sessionGeneration} + 1` })
    .where(eq(adminUsers.id, adminUserId));
  await ctx.db.delete(sessions).where(eq(sessions.adminUserId, adminUserId));
}

async function removeEnrolment(ctx: DbCtx, adminUserId: number): Promise<void> {
  await ctx.db.delete(adminTwoFactor).where(eq(adminTwoFactor.adminUserId, adminUserId));
  await ctx.db.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminUserId, adminUserId));
}

/** The confirmed secret, or null: none, or sealed under a SESSION_SECRET no longer in use (then the enrolment is dropped, loudly). */
async function confirmedSecret(
  ctx: Ctx,
  key: SealingKey,
  adminUserId: number,
): Promise<{ secret: string; lastStep: number | null } | null> {
  const [row] = await ctx.db
    .select()
    .from(adminTwoFactor)
    .where(and(eq(adminTwoFactor.adminUserId, adminUserId), isNotNull(adminTwoFactor.confirmedAt)));
  if (!row) return null;
  const secret = openSecret(key, row.sealedSecret);
  if (secret === null) {
    ctx.log.error(
      "An administrator's two-factor secret cannot be read (SESSION_SECRET changed since it was set up): the enrolment is removed and must be made again.",
      { adminUserId },
    );
    await inTransaction(ctx, (tx) => removeEnrolment(tx, adminUserId));
    return null;
  }
  return { secret, lastStep: row.lastStep };
}

/** Whether the account signs in with a second step. */
export async function hasTwoFactor(ctx: Ctx, key: SealingKey, adminUserId: number): Promise<boolean> {
  return (await confirmedSecret(ctx, key, adminUserId)) !== null;
}

export async function twoFactorStatus(ctx: DbCtx, adminUserId: number, required: boolean): Promise<TwoFactorStatus> {
  const [[row], [left]] = await Promise.all([
    ctx.db
      .select({ confirmedAt: adminTwoFactor.confirmedAt })
      .from(adminTwoFactor)
      .where(eq(adminTwoFactor.adminUserId, adminUserId)),
    ctx.db
      .select({ n: count() })
      .from(adminRecoveryCodes)
      .where(and(eq(adminRecoveryCodes.adminUserId, adminUserId), isNull(adminRecoveryCodes.usedAt))),
  ]);
  return { enabled: Boolean(row?.confirmedAt), required, recoveryCodesLeft: row?.confirmedAt ? (left?.n ?? 0) : 0 };
}

/** A new secret to scan, kept unconfirmed until a code from it comes back; a second call replaces it. */
export async function beginEnrolment(
  ctx: DbCtx,
  key: SealingKey,
  admin: AdminActor,
  issuer: string,
): Promise<TwoFactorEnrolment> {
  const secret = newTotpSecret();
  const sealedSecret = sealSecret(key, secret);
  const [row] = await ctx.db
    .insert(adminTwoFactor)
    .values({ adminUserId: admin.adminUserId, sealedSecret })
    .onConflictDoUpdate({
      target: adminTwoFactor.adminUserId,
      set: { sealedSecret, lastStep: null },
      setWhere: isNull(adminTwoFactor.confirmedAt),
    })
    .returning({ id: adminTwoFactor.adminUserId });
  if (!row) throw conflict('Two-factor sign-in is already on for this account');
  return { secret, uri: otpauthUri(secret, admin.username, issuer) };
}

async function replaceRecoveryCodes(ctx: DbCtx, adminUserId: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  await ctx.db.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminUserId, adminUserId));
  await ctx.db.insert(adminRecoveryCodes).values(codes.map((c) => ({ adminUserId, codeHash: hashRecoveryCode(c) })));
  return codes;
}

/** The first code from the app confirms the enrolment; answers the recovery codes, shown this once. */
export async function confirmEnrolment(
  ctx: Ctx,
  key: SealingKey,
  adminUserId: number,
  code: string,
): Promise<string[]> {
  const [row] = await ctx.db.select().from(adminTwoFactor).where(eq(adminTwoFactor.adminUserId, adminUserId));
  if (row?.confirmedAt) throw conflict('Two-factor sign-in is already on for this account');
  const secret = row && openSecret(key, row.sealedSecret);
  if (!secret) throw conflict('Start setting up two-factor sign-in first');
  const step = matchTotp(secret, code, ctx.clock.now(), null);
  if (step === null) throw invalid('Please check the code', { code: WRONG_CODE });
  return inTransaction(ctx, async (tx) => {
    const [done] = await tx.db
      .update(adminTwoFactor)
      .set({ confirmedAt: tx.clock.now(), lastStep: step })
      .where(
        and(
          eq(adminTwoFactor.adminUserId, adminUserId),
          isNull(adminTwoFactor.confirmedAt),
          eq(adminTwoFactor.sealedSecret, row.sealedSecret),
        ),
      )
      .returning({ id: adminTwoFactor.adminUserId });
    if (!done) throw conflict('Two-factor sign-in changed meanwhile. Please start again.');
    return replaceRecoveryCodes(tx, adminUserId);
  });
}

/** A current code from the app, taken once: its step is recorded, conditionally, so two requests cannot both use it. */
async function takeTotp(ctx: Ctx, key: SealingKey, adminUserId: number, code: string): Promise<boolean> {
  const current = await confirmedSecret(ctx, key, adminUserId);
  if (!current) return false;
  const step = matchTotp(current.secret, code, ctx.clock.now(), current.lastStep);
  if (step === null) return false;
  const [taken] = await ctx.db
    .update(adminTwoFactor)
    .set({ lastStep: step })
    .where(
      and(
        eq(adminTwoFactor.adminUserId, adminUserId),
        isNotNull(adminTwoFactor.confirmedAt),
        or(isNull(adminTwoFactor.lastStep), lt(adminTwoFactor.lastStep, step)),
      ),
    )
    .returning({ id: adminTwoFactor.adminUserId });
  return Boolean(taken);
}

/** A recovery code, spent: a second use (or a parallel one) finds it used. */
async function spendRecoveryCode(ctx: ServiceCtx, adminUserId: number, code: string): Promise<boolean> {
  const [spent] = await ctx.db
    .update(adminRecoveryCodes)
    .set({ usedAt: ctx.clock.now() })
    .where(
      and(
        eq(adminRecoveryCodes.adminUserId, adminUserId),
        eq(adminRecoveryCodes.codeHash, hashRecoveryCode(code)),
        isNull(adminRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: adminRecoveryCodes.id });
  return Boolean(spent);
}

/** The second step of a sign-in: a code from the app, or a recovery code (used up). What was used, or null when refused. */
export async function checkSecondStep(
  ctx: Ctx,
  key: SealingKey,
  adminUserId: number,
  code: string,
): Promise<'app' | 'recovery' | null> {
  if (looksLikeTotp(code)) return (await takeTotp(ctx, key, adminUserId, code)) ? 'app' : null;
  if (looksLikeRecoveryCode(code)) return (await spendRecoveryCode(ctx, adminUserId, code)) ? 'recovery' : null;
  return null;
}

/** A new set of recovery codes, the old ones void; asks for a current code from the app. */
export async function regenerateRecoveryCodes(
  ctx: Ctx,
  key: SealingKey,
  adminUserId: number,
  code: string,
): Promise<string[]> {
  if (!(await hasTwoFactor(ctx, key, adminUserId))) throw conflict('Two-factor sign-in is not on for this account');
  if (!(await takeTotp(ctx, key, adminUserId, code))) throw invalid('Please check the code', { code: WRONG_CODE });
  return inTransaction(ctx, (tx) => replaceRecoveryCodes(tx, adminUserId));
}

/** Turns it off for one's own account with a current code; refused while the setting requires it. */
export async function turnOffTwoFactor(
  ctx: Ctx,
  key: SealingKey,
  adminUserId: number,
  code: string,
  required: boolean,
): Promise<void> {
  if (required) throw conflict('Two-factor sign-in is required for every administrator here');
  if (!(await hasTwoFactor(ctx, key, adminUserId))) throw conflict('Two-factor sign-in is not on for this account');
  if (!(await takeTotp(ctx, key, adminUserId, code))) throw invalid('Please check the code', { code: WRONG_CODE });
  await inTransaction(ctx, (tx) => removeEnrolment(tx, adminUserId));
}

/**
 * The platform administrator's 'Reset two-factor' for another account (a lost phone and lost
 * codes): the enrolment and recovery codes go and the account's sessions end; where it is
 * required, the owner sets it up again at the next sign-in with the password.
 */
export async function resetTwoFactor(ctx: Ctx, actor: AdminActor, adminUserId: number): Promise<void> {
  if (adminUserId === actor.adminUserId)
    throw conflict("Reset another administrator's two-factor sign-in; your own is changed under Two-factor sign-in");
  await inTransaction(ctx, async (tx) => {
    await removeEnrolment(tx, adminUserId);
    await endAdminSessions(tx, adminUserId);
  });
  ctx.log.info('Administrator two-factor sign-in reset', { adminUserId, by: actor.adminUserId });
}
