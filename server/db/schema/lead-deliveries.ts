import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { PAYMENT_STATES } from '../../../shared/schemas/deliveries';
import { belongsTo, timestamps } from './columns';
import { contractors } from './contractors';
import { leads } from './leads';

/** A lead handed to one contractor, with what it cost and how it was settled (docs/decisions/0003-leads-and-deliveries.md). */
export const leadDeliveries = pgTable(
  'lead_deliveries',
  {
    id: serial('id').primaryKey(),
    leadId: belongsTo('lead_id', () => leads.id),
    contractorId: belongsTo('contractor_id', () => contractors.id),
    priceCents: integer('price_cents').notNull(),
    paymentState: text('payment_state', { enum: PAYMENT_STATES }).notNull().default('awaiting_payment'),
    paymentIntentId: text('payment_intent_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Who delivered it: 'system' for the automatic delivery, else the administrator's username; null before this was recorded (docs/decisions/0117-lead-routing.md). */
    deliveredBy: text('delivered_by'),
    /** When its contractor was reminded that the homeowner had no reply yet (docs/decisions/0128-request-page-and-replies.md); once. */
    replyRemindedAt: timestamp('reply_reminded_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check(
      'lead_deliveries_payment_state_check',
      sql`${t.paymentState} in ('awaiting_payment', 'paid', 'credited', 'cancelled')`,
    ),
    check('lead_deliveries_price_check', sql`${t.priceCents} >= 0`),
    // A lead is exclusive: at most one live delivery.
    uniqueIndex('lead_deliveries_live_lead_idx')
      .on(t.leadId)
      .where(sql`payment_state <> 'cancelled'`),
    index('lead_deliveries_lead_id_idx').on(t.leadId),
    // The release job's search: deliveries still awaiting payment, oldest first.
    index('lead_deliveries_awaiting_idx')
      .on(t.createdAt)
      .where(sql`payment_state = 'awaiting_payment'`),
    index('lead_deliveries_contractor_id_idx').on(t.contractorId, t.createdAt.desc().nullsFirst()),
    uniqueIndex('lead_deliveries_payment_intent_idx').on(t.paymentIntentId),
    // The reply reminder's search: leads taken, not yet reminded, by when the contractor got the details.
    index('lead_deliveries_reply_reminder_idx')
      .on(sql`coalesce(${t.creditedAt}, ${t.paidAt})`)
      .where(sql`reply_reminded_at is null and payment_state in ('paid', 'credited')`),
  ],
);

export type LeadDeliveryRow = typeof leadDeliveries.$inferSelect;
