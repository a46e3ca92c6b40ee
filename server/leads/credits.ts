import { and, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import { PLANS } from '@shared/plans';
import type { DbCtx, ServiceCtx } from '../context';
import { contractorBilling } from '../db/schema';

/**
 * Plan lead credits (docs/decisions/0006-plans-and-credits.md), kept in the contractor's billing row. monthly_leads_used
 * counts the credits used since credits_period_start; Free resets on the calendar month (UTC),
 * paid plans when their invoice is paid. None of it is the listing's, so its updated_at (the
 * sitemap's lastmod) and the directory's version stay as they are.
 */

/** The first instant of the UTC calendar month containing `now`. */
export function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** The reset key a Free month leaves behind ('month:2026-11'), so the month resets once. */
export function monthResetKey(start: Date): string {
  return `month:${start.getUTCFullYear()}-${String(start.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** Credits of the contractor's plan, from the one catalogue; an unknown plan has none. */
const planCredits: SQL = sql`(case ${contractorBilling.subscriptionPlan} ${sql.join(
  PLANS.map((p) => sql`when ${p.id} then ${sql.raw(String(p.leadCredits))}`),
  sql` `,
)} else 0 end)`;

/** Starts a new Free month when the stored period began before this one (the month of ctx.clock). */
export async function refreshFreePeriod(ctx: ServiceCtx, contractorId: number): Promise<boolean> {
  const start = monthStart(ctx.clock.now());
  const rows = await ctx.db
    .update(contractorBilling)
    .set({ monthlyLeadsUsed: 0, creditsPeriodStart: start, creditsResetKey: monthResetKey(start) })
    .where(
      and(
        eq(contractorBilling.contractorId, contractorId),
        eq(contractorBilling.subscriptionPlan, 'free'),
        lt(contractorBilling.creditsPeriodStart, start),
      ),
    )
    .returning({ id: contractorBilling.contractorId });
  return rows.length > 0;
}

/**
 * Starts the new month for every Free contractor still in an earlier one (the reset-free-credits
 * job, on the 1st). Idempotent, and the same rule as refreshFreePeriod, which still runs before
 * every use and read of credits, so a month that began while the job could not run is right too.
 */
export async function startFreeMonths(ctx: ServiceCtx): Promise<number> {
  const start = monthStart(ctx.clock.now());
  const rows = await ctx.db
    .update(contractorBilling)
    .set({ monthlyLeadsUsed: 0, creditsPeriodStart: start, creditsResetKey: monthResetKey(start) })
    .where(and(eq(contractorBilling.subscriptionPlan, 'free'), lt(contractorBilling.creditsPeriodStart, start)))
    .returning({ id: contractorBilling.contractorId });
  return rows.length;
}

/**
 * Starts a paid plan's new period. `resetKey` names what caused it (an invoice id), so a
 * replayed or late event for the same invoice resets nothing. Returns whether it reset.
 */
export async function resetCreditsForPeriod(
  ctx: DbCtx,
  contractorId: number,
  periodStart: Date,
  resetKey: string,
): Promise<boolean> {
  const rows = await ctx.db
    .update(contractorBilling)
    .set({ monthlyLeadsUsed: 0, creditsPeriodStart: periodStart, creditsResetKey: resetKey })
    .where(
      and(
        eq(contractorBilling.contractorId, contractorId),
        sql`${contractorBilling.creditsResetKey} is distinct from ${resetKey}`,
      ),
    )
    .returning({ id: contractorBilling.contractorId });
  return rows.length > 0;
}

/**
 * Uses one credit: the plan's while it has one left this period, else a bonus credit
 * (docs/decisions/0047-bonus-credits.md: the plan's expire at the end of the period, bonus credits never do, so the plan's go
 * first). Each check and its change are one UPDATE, so concurrent deliveries to one contractor
 * can never overspend: the row lock makes the second one re-read the counts.
 */
export async function takeCredit(ctx: ServiceCtx, contractorId: number): Promise<boolean> {
  await refreshFreePeriod(ctx, contractorId);
  const plan = await ctx.db
    .update(contractorBilling)
    .set({ monthlyLeadsUsed: sql`${contractorBilling.monthlyLeadsUsed} + 1` })
    .where(and(eq(contractorBilling.contractorId, contractorId), lt(contractorBilling.monthlyLeadsUsed, planCredits)))
    .returning({ id: contractorBilling.contractorId });
  if (plan.length > 0) return true;
  const bonus = await ctx.db
    .update(contractorBilling)
    .set({ bonusCredits: sql`${contractorBilling.bonusCredits} - 1` })
    .where(and(eq(contractorBilling.contractorId, contractorId), gt(contractorBilling.bonusCredits, 0)))
    .returning({ id: contractorBilling.contractorId });
  return bonus.length > 0;
}

/** A credit given back (an approved claim, a cancelled delivery): a bonus credit, which does not expire. */
export async function returnCredit(ctx: DbCtx, contractorId: number): Promise<void> {
  await ctx.db
    .update(contractorBilling)
    .set({ bonusCredits: sql`${contractorBilling.bonusCredits} + 1` })
    .where(eq(contractorBilling.contractorId, contractorId));
}
