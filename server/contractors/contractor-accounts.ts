import { SITE_TIME_ZONE } from '@shared/site-calendar';
import { and, count, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { inTransaction, type AppContext, type DbCtx, type ServiceCtx } from '../context';
import { contractorAccounts, contractors, setupCodes, type ContractorAccountRow } from '../db/schema';
import { homeCountyId } from '../directory/county';
import { conflict, notFound } from '../domain/errors';
import { queueEmail, type OutboxCtx } from '../notifications/email-delivery';
import { countySiteWords } from '../counties/counties';
import { generateSetupCode, hashSetupCode, SETUP_CODE_TTL_MS } from '../accounts/setup-code';

export interface IssuedCode {
  contractorId: number;
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
export async function ensureAccount(
  ctx: DbCtx,
  contractorId: number,
): Promise<{ account: ContractorAccountRow; created: boolean }> {
  const existing = await accountOf(ctx, contractorId);
  if (existing) return { account: existing, created: false };
  const [contractor] = await ctx.db
    .select({ email: contractors.email })
    .from(contractors)
    .where(eq(contractors.id, contractorId));
  if (!contractor) throw notFound('Contractor not found');
  const email = contractor.email.trim().toLowerCase();
  const [created] = await ctx.db
    .insert(contractorAccounts)
    .values({ contractorId, email })
    .onConflictDoNothing()
    .returning();
  if (created) return { account: created, created: true };
  const raced = await accountOf(ctx, contractorId);
  if (raced) return { account: raced, created: false };
  throw conflict(`Another contractor account already uses ${email}`);
}

async function accountOf(ctx: DbCtx, contractorId: number) {
  const [row] = await ctx.db.select().from(contractorAccounts).where(eq(contractorAccounts.contractorId, contractorId));
  return row;
}

/**
 * A new code for the account; every earlier unused one stops working. The caller holds the
 * contractor row locked (in ctx.db, its transaction), so two issues cannot leave two live codes.
 */
export async function createSetupCode(
  ctx: ServiceCtx,
  account: Pick<ContractorAccountRow, 'id' | 'email' | 'contractorId'>,
): Promise<IssuedCode> {
  const now = ctx.clock.now();
  const [{ n: earlier } = { n: 0 }] = await ctx.db
    .select({ n: count() })
    .from(setupCodes)
    .where(eq(setupCodes.accountId, account.id));
  await ctx.db
    .update(setupCodes)
    .set({ voidedAt: now })
    .where(and(eq(setupCodes.accountId, account.id), isNull(setupCodes.usedAt), isNull(setupCodes.voidedAt)));
  const code = generateSetupCode();
  const expiresAt = new Date(now.getTime() + SETUP_CODE_TTL_MS);
  await ctx.db.insert(setupCodes).values({ accountId: account.id, codeHash: hashSetupCode(code), expiresAt });
  const [contractor] = await ctx.db
    .select({ name: contractors.name })
    .from(contractors)
    .where(eq(contractors.id, account.contractorId));
  return {
    contractorId: account.contractorId,
    to: account.email,
    businessName: contractor?.name ?? '',
    code,
    expiresAt,
    first: earlier === 0,
  };
}

/**
 * A new code for an approved contractor, by email; the old one stops working. Creates the
 * account when the contractor was approved before accounts existed (the seeded ones).
 */
export async function issueSetupCode(ctx: AppContext, contractorId: number): Promise<{ email: string }> {
  const issued = await inTransaction(ctx, async (tx) => {
    // Locked so a parallel rejection or second issue waits for this one.
    const [contractor] = await tx.db
      .select({ approvalStatus: contractors.approvalStatus })
      .from(contractors)
      .where(eq(contractors.id, contractorId))
      .for('update');
    if (!contractor) throw notFound('Contractor not found');
    if (contractor.approvalStatus !== 'approved') throw conflict('Only approved contractors can be sent a setup code');
    const { account } = await ensureAccount(tx, contractorId);
    const code = await createSetupCode(tx, account);
    await sendSetupCode(tx, code);
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
  timeZone: SITE_TIME_ZONE,
});

/**
 * Queues the code's email in the transaction that created the code (ctx.db;
 * docs/decisions/0087-transactional-outbox.md), worded for and linking to the site of the
 * contractor's home county (docs/decisions/0106-county-emails-and-jobs.md).
 */
export async function sendSetupCode(ctx: OutboxCtx & Pick<AppContext, 'siteUrl'>, issued: IssuedCode): Promise<void> {
  const [home] = await ctx.db
    .select({ id: homeCountyId() })
    .from(contractors)
    .where(eq(contractors.id, issued.contractorId));
  if (!home) throw notFound('Contractor not found');
  const { siteTitle, siteUrl } = await countySiteWords(ctx, { id: home.id });
  const steps = [
    `Your setup code: ${issued.code}`,
    '',
    `It can be used once and expires on ${expiryFormat.format(issued.expiresAt)}.`,
    '',
    `To choose your password, open ${siteUrl}/contractor/login, choose 'First-time setup', and enter your email address (${issued.to}), this code and a new password.`,
  ];
  const message = issued.first
    ? {
        kind: 'welcome' as const,
        subject: `Welcome to ${siteTitle}: your setup code`,
        text: [
          `Welcome to ${siteTitle}!`,
          '',
          `${issued.businessName} is approved and listed in the directory. Set up your contractor portal account to see your leads and plan.`,
          '',
          ...steps,
        ].join('\n'),
      }
    : {
        kind: 'setup-code' as const,
        subject: `Your new ${siteTitle} setup code`,
        text: [
          `Here is a new setup code for ${issued.businessName}. Any earlier code no longer works.`,
          '',
          ...steps,
        ].join('\n'),
      };
  await queueEmail(ctx, { ...message, to: issued.to });
}

/**
 * The account whose live code this is, marking the code used; null for a wrong, used, voided or
 * expired code (by ctx.clock, which set its expiry) or an address that does not match. The
 * conditional UPDATE lets only one of two parallel uses succeed.
 */
export async function consumeSetupCode(
  ctx: ServiceCtx,
  email: string,
  code: string,
): Promise<ContractorAccountRow | null> {
  const now = ctx.clock.now();
  const [used] = await ctx.db
    .update(setupCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(setupCodes.codeHash, hashSetupCode(code)),
        isNull(setupCodes.usedAt),
        isNull(setupCodes.voidedAt),
        gt(setupCodes.expiresAt, now),
        inArray(
          setupCodes.accountId,
          ctx.db
            .select({ id: contractorAccounts.id })
            .from(contractorAccounts)
            .where(sql`lower(${contractorAccounts.email}) = ${email.trim().toLowerCase()}`),
        ),
      ),
    )
    .returning({ accountId: setupCodes.accountId });
  if (!used) return null;
  const [account] = await ctx.db.select().from(contractorAccounts).where(eq(contractorAccounts.id, used.accountId));
  return account ?? null;
}
