import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { WeeklyHours } from '../../../shared/business-hours';
import { LISTING_CHANGE_STATUSES, LISTING_REJECTION_MAX } from '../../../shared/schemas/listing-changes';
import { adminUsers } from './admin-users';
import { belongsTo, timestamps } from './columns';
import { contractors } from './contractors';

/**
 * A contractor's edit of its listing waiting for an administrator (docs/decisions/0111-listing-edits.md):
 * the proposed values in full, applied to the listing in one transaction on approval. One pending
 * change per contractor (a new edit withdraws the one before); decided and withdrawn ones are kept
 * as the record of what was asked and answered.
 */
export const contractorListingChanges = pgTable(
  'contractor_listing_changes',
  {
    id: serial('id').primaryKey(),
    contractorId: belongsTo('contractor_id', () => contractors.id),
    status: text('status', { enum: LISTING_CHANGE_STATUSES }).notNull().default('pending'),
    description: text('description').notNull(),
    phone: text('phone').notNull(),
    website: text('website'),
    yearsInBusiness: integer('years_in_business'),
    /** Service ids in the contractor's order. */
    serviceIds: integer('service_ids').array().notNull(),
    /** Town ids of any county; what a county administrator's scope is checked against too. */
    townIds: integer('town_ids').array().notNull(),
    businessHours: jsonb('business_hours').$type<WeeklyHours>().notNull(),
    rejectionReason: text('rejection_reason'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: integer('reviewed_by').references(() => adminUsers.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('contractor_listing_changes_one_pending')
      .on(t.contractorId)
      .where(sql`status = 'pending'`),
    index('contractor_listing_changes_contractor_idx').on(t.contractorId, t.submittedAt),
    index('contractor_listing_changes_status_idx').on(t.status, t.submittedAt),
    check(
      'contractor_listing_changes_status_check',
      sql`${t.status} in ('pending', 'approved', 'rejected', 'withdrawn')`,
    ),
    check(
      'contractor_listing_changes_reason_check',
      sql`${t.rejectionReason} is null or char_length(${t.rejectionReason}) <= ${sql.raw(String(LISTING_REJECTION_MAX))}`,
    ),
  ],
);

export type ContractorListingChangeRow = typeof contractorListingChanges.$inferSelect;
