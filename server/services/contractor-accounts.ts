import { and, count, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { region } from '@shared/region';
import type { AppContext } from '../context';
import type { Executor } from '../db/client';
import { contractorAccounts, contractors, setupCodes, type ContractorAccountRow } from '../db/schema';
import { conflict, notFound } from '../domain/errors';
import { queueEmail } from './email-delivery';
import { generateSetupCode, hashSetupCode, SETUP_CODE_TTL_MS } from './setup-code';

export interface IssuedCode {
  to: string;
  businessName: string;
  code: string;
  expiresAt: Date;
  /** The account's first code (the welcome email) rather than a replacement. */
  first: boolean;
}

/**
 * The contractor's sign-in, created once at approval (docs/decisions/0008-accounts-and-sessions.md) with
 * the listing's business email. Race-safe: a parallel approval finds the account the other one made.
 */
export async function ensureAccount(tx: Executor, contractorId: number): Promise<{ account: ContractorAccountRow; created: boolean }> {
  const existing = await accountOf(tx, contractorId);
  if (existing) return { account: existing, created: false };
  const [contractor] = await tx.select({ email: contractors.email }).from(contractors).where(eq(contractors.id, contractorId));
  if (!contractor) throw notFound('Contractor not found');
  const email = contractor.email.trim().toLowerCase();
  const [created] = await tx.insert(contractorAccounts).values({ contractorId, email }).onConflictDoNothing().returning();
  if (created) return { account: created, created: true };
  const raced = await accountOf(tx, contractorId);
  if (raced) return { account: raced, created: false };
  throw conflict(`Another contractor account already uses ${email}`);
}

async function accountOf(tx: Executor, contractorId: number) {
  const [row] = await tx.select().from(contractorAccounts).where(eq(contractorAccounts.contractorId, contractorId));
  return row;
}

/**
 * A new code for the account; every earlier unused one stops working. The caller holds the
 * contractor row locked, so two issues cannot leave two live codes.
 */
export async function createSetupCode(tx: Executor, account: Pick<ContractorAccountRow, 'id' | 'email' | 'contractorId'>): Promise<IssuedCode> {
  const [{ n: earlier } = { n: 0 }] = await tx.select({ n: count() }).from(setupCodes).where(eq(setupCodes.accountId, account.id));
  await tx
    .update(setupCodes)
    .set({ voidedAt: new Date() })
    .where(and(eq(setupCodes.accountId, account.id), isNull(setupCodes.usedAt), isNull(setupCodes.voidedAt)));
  const code = generateSetupCode();
  const expiresAt = new Date(Date.now() + SETUP_CODE_TTL_MS);
  await tx.insert(setupCodes).values({ accountId: account.id, codeHash: hashSetupCode(code), expiresAt });
  const [contractor] = await tx.select({ name: contractors.name }).from(contractors).where(eq(contractors.id, account.contractorId));
  return { to: account.email, businessName: contractor?.name ?? '', code, expiresAt, first: earlier === 0 };
}

/**
 * A new code for an approved contractor, by email; the old one stops working. Creates the
 * account when the contractor was approved before accounts existed (the seeded ones).
 */
export async function issueSetupCode(ctx: AppContext, contractorId: number): Promise<{ email: string }> {
  const issued = await ctx.db.transaction(async (tx) => {
    // Locked so a parallel rejection or second issue waits for this one.
    const [contractor] = await tx.select({ approvalStatus: contractors.approvalStatus }).from(contractors).where(eq(contractors.id, contractorId)).for('update');
    if (!contractor) throw notFound('Contractor not found');
    if (contractor.approvalStatus !== 'approved') throw conflict('Only approved contractors can be sent a setup code');
    const { account } = await ensureAccount(tx, contractorId);
    const code = await createSetupCode(tx, account);
    await sendSetupCode(ctx, tx, code);
    return code;
  });
  return { email: issued.to };
}

const expiryFormat = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
  timeZone: 'America/New_York',
});

/** Queues the code's email in the transaction that created the code (docs/decisions/0087-transactional-outbox.md). */
export async function sendSetupCode(ctx: AppContext, tx: Executor, issued: IssuedCode): Promise<void> {
  const steps = [
    `Your setup code: ${issued.code}`,
    '',
    `It can be used once and expires on ${expiryFormat.format(issued.expiresAt)}.`,
    '',
    `To choose your password, open ${ctx.siteUrl}/contractor/login, choose 'First-time setup', and enter your email address (${issued.to}), this code and a new password.`,
  ];
  const message = issued.first
    ? {
        kind: 'welcome' as const,
        subject: `Welcome to ${region.siteTitle}: your setup code`,
        text: [
          `Welcome to ${region.siteTitle}!`,
          '',
          `${issued.businessName} is approved and listed in the directory. Set up your contractor portal account to see your leads and plan.`,
          '',
          ...steps,
        ].join('\n'),
      }
    : {
        kind: 'setup-code' as const,
        subject: `Your new ${region.siteTitle} setup code`,
        text: [`Here is a new setup code for ${issued.businessName}. Any earlier code no longer works.`, '', ...steps].join('\n'),
      };
  await queueEmail(ctx, tx, { ...message, to: issued.to });
}

/**
 * The account whose live code this is, marking the code used; null for a wrong, used, voided or
 * expired code or an address that does not match. The conditional UPDATE lets only one of two
 * parallel uses succeed.
 */
export async function consumeSetupCode(tx: Executor, email: string, code: string): Promise<ContractorAccountRow | null> {
  const [used] = await tx
    .update(setupCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(setupCodes.codeHash, hashSetupCode(code)),
        isNull(setupCodes.usedAt),
        isNull(setupCodes.voidedAt),
        gt(setupCodes.expiresAt, sql`now()`),
        inArray(
          setupCodes.accountId,
          tx
            .select({ id: contractorAccounts.id })
            .from(contractorAccounts)
            .where(sql`lower(${contractorAccounts.email}) = ${email.trim().toLowerCase()}`),
        ),
      ),
    )
    .returning({ accountId: setupCodes.accountId });
  if (!used) return null;
  const [account] = await tx.select().from(contractorAccounts).where(eq(contractorAccounts.id, used.accountId));
  return account ?? null;
}
