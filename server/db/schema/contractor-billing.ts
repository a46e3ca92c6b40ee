import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { PLAN_IDS, SUBSCRIPTION_STATUSES } from '../../../shared/plans';
import { timestamps } from './columns';
import { contractors } from './contractors';

/**
 * A contractor's plan, subscription and lead credits (docs/decisions/0006-plans-and-credits.md), one row per
 * contractor: the database adds it, on the Free plan, with every contractor it stores (trigger
 * contractors_billing_row, migration 0014), so every contractor has one whatever wrote it.
 */
export const contractorBilling = pgTable(
  'contractor_billing',
  {
    contractorId: integer('contractor_id')
      .primaryKey()
      .references(() => contractors.id, { onDelete: 'cascade' }),
    subscriptionPlan: text('subscription_plan', { enum: PLAN_IDS }).notNull().default('free'),
    /** As the payment provider reports it; 'none' on Free without a subscription. */
    subscriptionStatus: text('subscription_status', { enum: SUBSCRIPTION_STATUSES }).notNull().default('none'),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** Plan credits used since credits_period_start. */
    monthlyLeadsUsed: integer('monthly_leads_used').notNull().default(0),
    creditsPeriodStart: timestamp('credits_period_start', { withTimezone: true }).notNull().defaultNow(),
    /** What last reset the credits (an invoice id, or 'month:2026-11' on Free), so a reset happens once. */
    creditsResetKey: text('credits_reset_key'),
    /** Credits that do not expire (a plan credit given back for a bad lead), used once the plan's credits for the period are gone (docs/decisions/0047-bonus-credits.md). */
    bonusCredits: integer('bonus_credits').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    check('contractor_billing_plan_check', sql`${t.subscriptionPlan} in ('free', 'pro', 'premium')`),
    check(
      'contractor_billing_status_check',
      sql`${t.subscriptionStatus} in ('none', 'active', 'trialing', 'past_due', 'canceled', 'incomplete', 'incomplete_expired', 'unpaid', 'paused')`,
    ),
    check('contractor_billing_bonus_credits_check', sql`${t.bonusCredits} >= 0`),
    index('contractor_billing_stripe_customer_idx').on(t.stripeCustomerId),
    index('contractor_billing_stripe_subscription_idx').on(t.stripeSubscriptionId),
  ],
);

export type ContractorBillingRow = typeof contractorBilling.$inferSelect;
export type NewContractorBillingRow = typeof contractorBilling.$inferInsert;
