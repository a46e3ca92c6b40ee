import { and, eq, ne, sql } from 'drizzle-orm';
import { inTransaction, type AppContext, type DbCtx, type ServiceCtx } from '../context';
import { contractorAccounts, contractors } from '../db/schema';
import { conflict, invalid, unauthenticated } from '../domain/errors';
import { consumeAccountToken, issueAccountToken, voidAccountTokens } from './account-tokens';
import { CONFIRM_EMAIL_PATH, contractorSite, linkTo } from './account-links';
import { queueEmail, type OutboxCtx } from '../notifications/email-delivery';
import { sendPasswordChanged } from './password-notices';
import { checkPassword, hashPassword } from './passwords';
import { endContractorSessions, newSessionGeneration } from './sessions';

/**
 * The portal's account settings (docs/decisions/0108-contractor-password-reset.md): a new
 * password, a new sign-in email and 'sign out everywhere'. The password and the email need the
 * current password, so a session left open on a shared computer cannot take the account over.
 */

export const WRONG_PASSWORD_MESSAGE = 'Your current password is not correct';
export const EMAIL_IN_USE_MESSAGE = 'Another account already uses this email address';

async function accountOf(ctx: DbCtx, contractorId: number) {
  const [row] = await ctx.db
    .select({
      id: contractorAccounts.id,
      email: contractorAccounts.email,
      passwordHash: contractorAccounts.passwordHash,
      name: contractors.name,
    })
    .from(contractorAccounts)
    .innerJoin(contractors, eq(contractors.id, contractorAccounts.contractorId))
    .where(eq(contractorAccounts.contractorId, contractorId))
    .for('update', { of: contractorAccounts });
  if (!row) throw unauthenticated('Please sign in to the contractor portal');
  return row;
}

async function checkCurrentPassword(hash: string | null, password: string): Promise<void> {
  if (!(await checkPassword(password, hash)))
    throw invalid(WRONG_PASSWORD_MESSAGE, { currentPassword: WRONG_PASSWORD_MESSAGE });
}

const sameEmail = (email: string) => sql`lower(${contractorAccounts.email}) = ${email.trim().toLowerCase()}`;

async function emailInUse(ctx: DbCtx, email: string, accountId: number): Promise<boolean> {
  const [other] = await ctx.db
    .select({ id: contractorAccounts.id })
    .from(contractorAccounts)
    .where(and(sameEmail(email), ne(contractorAccounts.id, accountId)));
  return Boolean(other);
}

/**
 * A new password, given the current one. Every other session of the account ends; the one asking
 * goes on under the answered generation (docs/decisions/0108-contractor-password-reset.md).
 */
export async function changePassword(
  ctx: ServiceCtx & OutboxCtx & Pick<AppContext, 'siteUrl' | 'env'>,
  contractorId: number,
  input: { currentPassword: string; password: string },
  keepSession: string,
): Promise<{ generation: number }> {
  const passwordHash = await hashPassword(input.password);
  return inTransaction(ctx, async (tx) => {
    const account = await accountOf(tx, contractorId);
    await checkCurrentPassword(account.passwordHash, input.currentPassword);
    await tx.db.update(contractorAccounts).set({ passwordHash }).where(eq(contractorAccounts.id, account.id));
    // A pending reset link must not undo the new password.
    await voidAccountTokens(tx, account.id, 'password-reset');
    const generation = await newSessionGeneration(tx, account.id);
    // newSessionGeneration ended every session; the caller's is written again with the generation.
    await endContractorSessions(tx, contractorId, keepSession);
    // The owner is told (docs/decisions/0114-homeowner-privacy.md).
    await sendPasswordChanged(tx, account.email, {
      name: account.name,
      how: 'changed',
      site: await contractorSite(tx, contractorId),
    });
    return { generation };
  });
}

/**
 * Asks for a new sign-in email, given the current password: a single-use link, valid an hour, goes
 * to the new address, on the contractor's home county's site; the email changes only when it is opened.
 */
export async function requestEmailChange(
  ctx: AppContext,
  contractorId: number,
  input: { email: string; currentPassword: string },
): Promise<{ email: string }> {
  const email = input.email.trim().toLowerCase();
  return inTransaction(ctx, async (tx) => {
    const account = await accountOf(tx, contractorId);
    await checkCurrentPassword(account.passwordHash, input.currentPassword);
    if (account.email.toLowerCase() === email)
      throw invalid('This is already your sign-in email', { email: 'This is already your sign-in email' });
    if (await emailInUse(tx, email, account.id)) throw conflict(EMAIL_IN_USE_MESSAGE);
    const site = await contractorSite(tx, contractorId);
    const { token } = await issueAccountToken(tx, account.id, 'email-change', email);
    await queueEmail(tx, {
      kind: 'email-change',
      to: email,
      subject: `Confirm your new ${site.siteTitle} sign-in email`,
      text: [
        `The contractor portal account of ${account.name} on ${site.siteTitle} asked to use this address (${email}) to sign in, instead of ${account.email}.`,
        '',
        `To confirm it, open this link within one hour: ${linkTo(site, CONFIRM_EMAIL_PATH, token)}`,
        '',
        'The link works once. Until it is opened, the account keeps its current email.',
        '',
        'If you did not ask for this, ignore this email: nothing changes.',
      ].join('\n'),
    });
    return { email };
  });
}

/**
 * Opens the link sent to the new address: the account's sign-in email becomes it, and the old
 * address is told. Refused (and the link left unused) when another account took the address since.
 */
export async function confirmEmailChange(ctx: AppContext, token: string): Promise<{ email: string } | null> {
  return inTransaction(ctx, async (tx) => {
    const used = await consumeAccountToken(tx, 'email-change', token);
    if (!used?.newEmail) return null;
    const [account] = await tx.db
      .select({ email: contractorAccounts.email, contractorId: contractorAccounts.contractorId })
      .from(contractorAccounts)
      .where(eq(contractorAccounts.id, used.accountId))
      .for('update');
    if (!account) return null;
    // Thrown, so the transaction and the link's use roll back.
    if (await emailInUse(tx, used.newEmail, used.accountId)) throw conflict(EMAIL_IN_USE_MESSAGE);
    await tx.db
      .update(contractorAccounts)
      .set({ email: used.newEmail })
      .where(eq(contractorAccounts.id, used.accountId));
    const site = await contractorSite(tx, account.contractorId);
    await queueEmail(tx, {
      kind: 'email-changed',
      to: account.email,
      subject: `Your ${site.siteTitle} sign-in email was changed`,
      text: [
        `The contractor portal account that used this address on ${site.siteTitle} now signs in with ${used.newEmail}.`,
        '',
        'Portal emails (leads, receipts, reminders) go to the new address from now on.',
        '',
        `If you did not make this change, contact the ${site.siteTitle} administrator${ctx.env.ADMIN_EMAIL ? ` (${ctx.env.ADMIN_EMAIL})` : ''} at once.`,
      ].join('\n'),
    });
    return { email: used.newEmail };
  });
}

/** 'Sign out everywhere': every session of the account ends, the one asking too. */
export async function signOutEverywhere(ctx: DbCtx, contractorId: number): Promise<void> {
  const [account] = await ctx.db
    .select({ id: contractorAccounts.id })
    .from(contractorAccounts)
    .where(eq(contractorAccounts.contractorId, contractorId));
  if (account) await newSessionGeneration(ctx, account.id);
  else await endContractorSessions(ctx, contractorId);
}
