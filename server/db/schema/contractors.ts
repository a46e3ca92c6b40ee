import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { WeeklyHours } from '../../../shared/business-hours';
import { APPROVAL_STATUSES } from '../../../shared/schemas/admin';
import { adminUsers } from './admin-users';
import { timestamps } from './columns';
import { contractorImports } from './contractor-imports';
import { towns } from './towns';

/**
 * The listing: the profile the directory shows, its moderation, and the two things the public sees
 * that other records decide, the badge (from contractor_credentials) and featured placement (from
 * contractor_billing). Credentials and billing are tables of their own
 * (docs/decisions/0091-contractor-record.md).
 */
export const contractors = pgTable(
  'contractors',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    website: text('website'),
    address: text('address').notNull().default(''),
    city: text('city').notNull(),
    state: text('state').notNull().default('PA'),
    zip: text('zip').notNull().default(''),
    homeTownId: integer('home_town_id').references(() => towns.id),
    description: text('description').notNull().default(''),
    yearsInBusiness: integer('years_in_business'),
    insuranceInfo: text('insurance_info'),
    projectGalleryUrl: text('project_gallery_url'),
    /** Seven days, Monday first (shared/business-hours.ts); null shows the specification's fixed hours (docs/decisions/0111-listing-edits.md). */
    businessHours: jsonb('business_hours').$type<WeeklyHours>(),
    rating: doublePrecision('rating').notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    /**
     * The 'Verified Licensed' badge and the search's licensed filter: both credentials verified and
     * neither expired (docs/decisions/0032-credential-verification.md), written by the credentials service and the daily job.
     */
    verified: boolean('verified').notNull().default(false),
    /** When and by whom the current verification was made; null while unverified (and for rows verified before this was recorded). */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    verifiedByAdminId: integer('verified_by_admin_id').references(() => adminUsers.id, { onDelete: 'set null' }),
    /** The administrator's username at the time, kept if that account is renamed or removed. */
    verifiedBy: text('verified_by'),
    priceRange: text('price_range').notNull().default('$$'),
    availability: text('availability').notNull().default('Available'),
    responseTime: text('response_time').notNull().default('Within 24 hours'),
    certifications: text('certifications').array().notNull().default([]),
    approvalStatus: text('approval_status', { enum: APPROVAL_STATUSES }).notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    isVisible: boolean('is_visible').notNull().default(false),
    /**
     * Featured placement on the home page and the featured sort: the Premium plan's while its
     * subscription is active, written by the subscriptions service with the plan
     * (contractor_billing). The listing carries it, like the badge, so the directory reads no billing.
     */
    isFeatured: boolean('is_featured').notNull().default(false),
    /**
     * The import that created this listing (docs/decisions/0130-contractor-import.md). With
     * claimed_at null it is an unclaimed listing: shown as 'Unclaimed', its leads held until its
     * owner claims it (docs/decisions/0131-listing-claims.md).
     */
    importId: integer('import_id').references(() => contractorImports.id, { onDelete: 'set null' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('contractors_approval_status_check', sql`${t.approvalStatus} in ('pending', 'approved', 'rejected')`),
    check('contractors_rating_check', sql`${t.rating} >= 0 and ${t.rating} <= 5`),
    index('contractors_home_town_id_idx').on(t.homeTownId),
    index('contractors_approval_status_idx').on(t.approvalStatus, t.createdAt),
    index('contractors_import_id_idx')
      .on(t.importId)
      .where(sql`import_id is not null`),
    // Public listing: only approved and visible rows, sorted by each offered sort.
    index('contractors_public_rating_idx')
      .on(t.rating.desc().nullsFirst(), t.reviewCount.desc().nullsFirst(), t.id)
      .where(sql`approval_status = 'approved' and is_visible`),
    index('contractors_public_name_idx')
      .on(t.name, t.id)
      .where(sql`approval_status = 'approved' and is_visible`),
    index('contractors_public_reviews_idx')
      .on(t.reviewCount.desc().nullsFirst(), t.id)
      .where(sql`approval_status = 'approved' and is_visible`),
    index('contractors_public_featured_idx')
      .on(t.isFeatured.desc().nullsFirst(), t.rating.desc().nullsFirst(), t.id)
      .where(sql`approval_status = 'approved' and is_visible`),
  ],
);

export type ContractorRow = typeof contractors.$inferSelect;
export type NewContractorRow = typeof contractors.$inferInsert;
