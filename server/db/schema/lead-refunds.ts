import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { REFUND_CAUSES, REFUND_METHODS, REFUND_STATUSES } from '../../../shared/schemas/lead-claims';
import { belongsTo, timestamps } from './columns';
import { leadDeliveries } from './lead-deliveries';

/**
 * What was given back for a delivery (docs/decisions/0047-bonus-credits.md), after an approved
 * claim or a cancellation: a card refund through the payment provider (pending until the provider
 * says it succeeded), a returned credit, or a payment made outside the site. The unique delivery id
 * makes it at most one, whatever races.
 */
export const leadRefunds = pgTable(
  'lead_refunds',
  {
    id: serial('id').primaryKey(),
    deliveryId: belongsTo('delivery_id', () => leadDeliveries.id),
    cause: text('cause', { enum: REFUND_CAUSES }).notNull(),
    method: text('method', { enum: REFUND_METHODS }).notNull(),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('pending'),
    amountCents: integer('amount_cents').notNull(),
    /** The card payment refunded (method 'card'). */
    paymentIntentId: text('payment_intent_id'),
    /** The provider's refund, once it has answered. */
    providerRefundId: text('provider_refund_id'),
    failureReason: text('failure_reason'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('lead_refunds_cause_check', sql`${t.cause} in ('claim', 'cancellation')`),
    check('lead_refunds_method_check', sql`${t.method} in ('card', 'credit', 'offline')`),
    check('lead_refunds_status_check', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
    check('lead_refunds_amount_check', sql`${t.amountCents} >= 0`),
    check('lead_refunds_card_intent_check', sql`${t.method} <> 'card' or ${t.paymentIntentId} is not null`),
    uniqueIndex('lead_refunds_delivery_id_idx').on(t.deliveryId),
    uniqueIndex('lead_refunds_provider_refund_id_idx').on(t.providerRefundId),
  ],
);

export type LeadRefundRow = typeof leadRefunds.$inferSelect;
