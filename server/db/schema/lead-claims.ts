import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { CLAIM_REASONS, CLAIM_STATUSES } from '../../../shared/schemas/lead-claims';
import { adminUsers } from './admin-users';
import { belongsTo, timestamps } from './columns';
import { leadDeliveries } from './lead-deliveries';

/** A contractor's claim that a delivered lead was bad (docs/decisions/0046-lead-guarantee.md): one per delivery, open until an administrator decides. */
export const leadClaims = pgTable(
  'lead_claims',
  {
    id: serial('id').primaryKey(),
    deliveryId: belongsTo('delivery_id', () => leadDeliveries.id),
    reason: text('reason', { enum: CLAIM_REASONS }).notNull(),
    details: text('details').notNull().default(''),
    status: text('status', { enum: CLAIM_STATUSES }).notNull().default('open'),
    /** The administrator's note with the decision, sent to the contractor. */
    decisionNote: text('decision_note'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedByAdminId: integer('decided_by_admin_id').references(() => adminUsers.id, { onDelete: 'set null' }),
    /** The administrator's username at the time, kept if that account is renamed or removed. */
    decidedBy: text('decided_by'),
    ...timestamps,
  },
  (t) => [
    check(
      'lead_claims_reason_check',
      sql`${t.reason} in ('wrong_number', 'not_real', 'outside_area', 'duplicate', 'other', 'contact_disputed')`,
    ),
    check('lead_claims_status_check', sql`${t.status} in ('open', 'approved', 'denied')`),
    uniqueIndex('lead_claims_delivery_id_idx').on(t.deliveryId),
    index('lead_claims_status_created_at_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('lead_claims_created_at_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

export type LeadClaimRow = typeof leadClaims.$inferSelect;
