import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongsTo, timestamps } from './columns';
import { contractors } from './contractors';

/**
 * A paid invoice of a contractor's plan (docs/decisions/0113-self-service-billing.md), recorded once
 * per provider invoice when it is read back as paid (the invoice.paid event, or the checkout that
 * started the plan), for the payment history and the bookkeeper's export.
 */
export const subscriptionPayments = pgTable(
  'subscription_payments',
  {
    id: serial('id').primaryKey(),
    contractorId: belongsTo('contractor_id', () => contractors.id),
    providerInvoiceId: text('provider_invoice_id').notNull(),
    planId: text('plan_id', { enum: ['pro', 'premium'] }),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('subscription_payments_invoice_idx').on(t.providerInvoiceId),
    index('subscription_payments_contractor_idx').on(t.contractorId, t.paidAt),
    // The dashboard's plan revenue per month (docs/decisions/0129-dashboard-charts.md).
    index('subscription_payments_paid_at_idx').on(t.paidAt),
    check('subscription_payments_amount_check', sql`${t.amountCents} >= 0`),
  ],
);

export type SubscriptionPaymentRow = typeof subscriptionPayments.$inferSelect;
