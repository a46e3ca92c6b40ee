import { eq, sql } from 'drizzle-orm';
import type { ContractorSetup } from '@shared/schemas/contractor-auth';
import { inTransaction, type DbCtx, type ServiceCtx } from '../context';
import { contractorAccounts, contractors } from '../db/schema';
import { consumeSetupCode } from './contractor-accounts';
import { checkPassword, hashPassword } from '../accounts/passwords';
import { newSessionGeneration } from '../accounts/sessions';

export type ContractorLoginResult =
  | { ok: true; contractorId: number; accountId: number; generation: number }
  | { ok: false; reason: 'invalid' | 'setup-required' };

/**
 * Checks a contractor's sign-in. Unknown addresses, wrong passwords and delisted (pending,
 * rejected, hidden) contractors all read 'invalid', and every path runs one bcrypt compare, so
 * neither the answer nor its timing tells which one it was.
 */
export async function verifyContractorLogin(
  ctx: DbCtx,
  email: string,
  password: string,
): Promise<ContractorLoginResult> {
  const [row] = await ctx.db
    .select({
      accountId: contractorAccounts.id,
      contractorId: contractorAccounts.contractorId,
      passwordHash: contractorAccounts.passwordHash,
      generation: contractorAccounts.sessionGeneration,
      approvalStatus: contractors.approvalStatus,
      isVisible: contractors.isVisible,
    })
    .from(contractorAccounts)
    .innerJoin(contractors, eq(contractors.id, contractorAccounts.contractorId))
    .where(sql`lower(${contractorAccounts.email}) = ${email.trim().toLowerCase()}`);
  const matches = await checkPassword(password, row?.passwordHash);
  if (!row || row.approvalStatus !== 'approved' || !row.isVisible) return { ok: false, reason: 'invalid' };
  if (!row.passwordHash) return { ok: false, reason: 'setup-required' };
  if (!matches) return { ok: false, reason: 'invalid' };
  return { ok: true, contractorId: row.contractorId, accountId: row.accountId, generation: row.generation };
}

export async function recordContractorLogin(ctx: ServiceCtx, accountId: number): Promise<void> {
  await ctx.db
    .update(contractorAccounts)
    .set({ lastLoginAt: ctx.clock.now() })
    .where(eq(contractorAccounts.id, accountId));
}

/**
 * Sets the password with a live setup code; false when the code or address does not match.
 * A new password signs the contractor out elsewhere (this is also how a lost password is reset).
 */
export async function completeSetup(ctx: ServiceCtx, input: ContractorSetup): Promise<boolean> {
  // Hashed before the lookup, so a bad code takes as long as a good one.
  const passwordHash = await hashPassword(input.password);
  return inTransaction(ctx, async (tx) => {
    const account = await consumeSetupCode(tx, input.email, input.token);
    if (!account) return false;
    await tx.db.update(contractorAccounts).set({ passwordHash }).where(eq(contractorAccounts.id, account.id));
    await newSessionGeneration(tx, account.id);
    return true;
  });
}
