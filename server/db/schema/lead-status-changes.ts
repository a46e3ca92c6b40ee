import { sql } from 'drizzle-orm';
import { check, index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { belongsTo } from './columns';
import { leadDeliveries } from './lead-deliveries';

export const CONTRACTOR_LEAD_STATUSES = ['contacted', 'won', 'lost'] as const;

/**
 * When a contractor marked a delivered lead contacted, won or lost
 * (docs/decisions/0061-contractor-stats.md): the times behind the portal's stats (time to contact,
 * wins per month). Written in the transaction of the status change.
 */
export const leadStatusChanges = pgTable(
  'lead_status_changes',
  {
    id: serial('id').primaryKey(),
    deliveryId: belongsTo('delivery_id', () => leadDeliveries.id),
    status: text('status', { enum: CONTRACTOR_LEAD_STATUSES }).notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('lead_status_changes_status_check', sql`${t.status} in ('contacted', 'won', 'lost')`),
    index('lead_status_changes_delivery_id_idx').on(t.deliveryId, t.changedAt),
  ],
);
