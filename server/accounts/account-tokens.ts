import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type { ServiceCtx } from '../context';
import { contractorAccountTokens, type AccountTokenPurpose, type ContractorAccountTokenRow } from '../db/schema';

/** A reset or confirmation link works for an hour (docs/decisions/0108-contractor-password-reset.md). */
export const ACCOUNT_LINK_TTL_MS = 60 * 60_000;

/** 256 random bits, in an address without escaping. */
export const newToken = () => randomBytes(32).toString('base64url');

/** Only this is stored: a plain SHA-256 is enough for 256 random bits that live an hour. */
export const hashAccountToken = (token: string) => createHash('sha256').update(token.trim()).digest('hex');

/**
 * A new link of this purpose for the account; its earlier live ones stop working, so only the
 * latest email's link counts. Answers the token, which only the email carries.
 */
export async function issueAccountToken(
  ctx: ServiceCtx,
  accountId: number,
  purpose: AccountTokenPurpose,
  newEmail: string | null = null,
): Promise<{ token: string; expiresAt: Date }> {
  const now = ctx.clock.now();
  await voidAccountTokens(ctx, accountId, purpose);
  const token = newToken();
  const expiresAt = new Date(now.getTime() + ACCOUNT_LINK_TTL_MS);
  await ctx.db
    .insert(contractorAccountTokens)
    .values({ accountId, purpose, tokenHash: hashAccountToken(token), newEmail, expiresAt });
  return { token, expiresAt };
}

/** Every live link of the account (of one purpose, or all) stops working. */
export async function voidAccountTokens(
  ctx: ServiceCtx,
  accountId: number,
  purpose?: AccountTokenPurpose,
): Promise<void> {
  await ctx.db
    .update(contractorAccountTokens)
    .set({ voidedAt: ctx.clock.now() })
    .where(
      and(
        eq(contractorAccountTokens.accountId, accountId),
        purpose ? eq(contractorAccountTokens.purpose, purpose) : undefined,
        isNull(contractorAccountTokens.usedAt),
        isNull(contractorAccountTokens.voidedAt),
      ),
    );
}

/**
 * Uses a live link: its row, marked used; null for a wrong, used, voided or expired one (by
 * ctx.clock, which set its expiry). The conditional UPDATE lets one of two parallel uses through.
 */
export async function consumeAccountToken(
  ctx: ServiceCtx,
  purpose: AccountTokenPurpose,
  token: string,
): Promise<ContractorAccountTokenRow | null> {
  const now = ctx.clock.now();
  const [used] = await ctx.db
    .update(contractorAccountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(contractorAccountTokens.tokenHash, hashAccountToken(token)),
        eq(contractorAccountTokens.purpose, purpose),
        isNull(contractorAccountTokens.usedAt),
        isNull(contractorAccountTokens.voidedAt),
        gt(contractorAccountTokens.expiresAt, now),
      ),
    )
    .returning();
  return used ?? null;
}

/**
 * The daily prune (docs/decisions/0114-homeowner-privacy.md): links that can no longer be used
 * (expired by ctx.clock, used or voided) are deleted; they answer 'not valid' whether or not their
 * row is kept. Answers how many went.
 */
export async function pruneAccountTokens(ctx: ServiceCtx): Promise<number> {
  const pruned = await ctx.db
    .delete(contractorAccountTokens)
    .where(
      or(
        lte(contractorAccountTokens.expiresAt, ctx.clock.now()),
        isNotNull(contractorAccountTokens.usedAt),
        isNotNull(contractorAccountTokens.voidedAt),
      ),
    )
    .returning({ id: contractorAccountTokens.id });
  return pruned.length;
}
