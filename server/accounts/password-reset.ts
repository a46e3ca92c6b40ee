import { and, eq, isNull, sql } from 'drizzle-orm';
import { inTransaction, type AppContext, type ServiceCtx } from '../context';
import { contractorAccounts, contractors, setupCodes } from '../db/schema';
import { isListed } from '../directory/cards';
import { consumeAccountToken, issueAccountToken, voidAccountTokens } from './account-tokens';
import { contractorSite, linkTo, RESET_PASSWORD_PATH } from './account-links';
import { queueEmail, type OutboxCtx } from '../notifications/email-delivery';
import { sendPasswordChanged } from './password-notices';
import { hashPassword } from './passwords';
import { newSessionGeneration } from './sessions';

/** The queue of reset requests: the request only queues one, whoever the address is. */
export const PASSWORD_RESET_REQUEST = 'contractor-password-reset';

export interface PasswordResetJob {
  email: string;
}

/**
 * 'Forgot your password?' (docs/decisions/0108-contractor-password-reset.md): the request queues a
 * job and answers at once, the same work for a known and an unknown address, so neither the answer
 * nor its timing tells whether an account uses it. The job sends the link, or nothing.
 */
export async function requestPasswordReset(ctx: Pick<AppContext, 'jobs'>, job: PasswordResetJob): Promise<void> {
  await ctx.jobs.send(PASSWORD_RESET_REQUEST, job);
}

/**
 * The job: a single-use link, valid an hour, to the account using that address when its contractor
 * may use the portal (approved and listed); nothing for any other address. A newer link voids the older.
 */
export async function sendPasswordResetLink(ctx: AppContext, job: PasswordResetJob): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const [account] = await tx.db
      .select({
        id: contractorAccounts.id,
        email: contractorAccounts.email,
        name: contractors.name,
        contractorId: contractors.id,
      })
      .from(contractorAccounts)
      .innerJoin(contractors, eq(contractors.id, contractorAccounts.contractorId))
      .where(and(sql`lower(${contractorAccounts.email}) = ${job.email.trim().toLowerCase()}`, isListed))
      // Two jobs for one account wait for each other: only the later link stays live.
      .for('update', { of: contractorAccounts });
    if (!account) return;
    const site = await contractorSite(tx, account.contractorId);
    const { token } = await issueAccountToken(tx, account.id, 'password-reset');
    await queueEmail(tx, {
      kind: 'password-reset',
      to: account.email,
      subject: `Reset your ${site.siteTitle} password`,
      text: [
        `Someone asked to reset the password of the contractor portal account of ${account.name} (${account.email}) on ${site.siteTitle}.`,
        '',
        `To choose a new password, open this link within one hour: ${linkTo(site, RESET_PASSWORD_PATH, token)}`,
        '',
        'The link works once. Choosing a new password signs your account out on every device.',
        '',
        'If you did not ask for this, you can ignore this email: your password stays as it is.',
      ].join('\n'),
    });
  });
}

/**
 * Sets a new password with a live reset link: false when the link is wrong, used, replaced or
 * expired. Every session of the account ends, and its other live links (a pending email change,
 * a setup code) stop working.
 */
export async function resetPassword(
  ctx: ServiceCtx & OutboxCtx & Pick<AppContext, 'siteUrl' | 'env'>,
  token: string,
  password: string,
): Promise<boolean> {
  // Hashed before the lookup, so a bad link takes as long as a good one.
  const passwordHash = await hashPassword(password);
  return inTransaction(ctx, async (tx) => {
    const used = await consumeAccountToken(tx, 'password-reset', token);
    if (!used) return false;
    await tx.db.update(contractorAccounts).set({ passwordHash }).where(eq(contractorAccounts.id, used.accountId));
    await voidAccountTokens(tx, used.accountId);
    await tx.db
      .update(setupCodes)
      .set({ voidedAt: tx.clock.now() })
      .where(and(eq(setupCodes.accountId, used.accountId), isNull(setupCodes.usedAt), isNull(setupCodes.voidedAt)));
    await newSessionGeneration(tx, used.accountId);
    // The owner is told (docs/decisions/0114-homeowner-privacy.md).
    const [account] = await tx.db
      .select({ email: contractorAccounts.email, name: contractors.name, contractorId: contractors.id })
      .from(contractorAccounts)
      .innerJoin(contractors, eq(contractors.id, contractorAccounts.contractorId))
      .where(eq(contractorAccounts.id, used.accountId));
    if (account)
      await sendPasswordChanged(tx, account.email, {
        name: account.name,
        how: 'reset',
        site: await contractorSite(tx, account.contractorId),
      });
    return true;
  });
}
