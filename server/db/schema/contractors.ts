import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { PLAN_IDS } from '../../../shared/plans';
import { APPROVAL_STATUSES } from '../../../shared/schemas/admin';
import { timestamps } from './columns';
import { towns } from './towns';


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
    licenseNumber: text('license_number'),
    insuranceInfo: text('insurance_info'),
    projectGalleryUrl: text('project_gallery_url'),
    rating: doublePrecision('rating').notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    verified: boolean('verified').notNull().default(false),
    priceRange: text('price_range').notNull().default('$$'),
    availability: text('availability').notNull().default('Available'),
    responseTime: text('response_time').notNull().default('Within 24 hours'),
    certifications: text('certifications').array().notNull().default([]),
    approvalStatus: text('approval_status', { enum: APPROVAL_STATUSES }).notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    isVisible: boolean('is_visible').notNull().default(false),
    // Plan fields (docs/decisions.md §1.5). Featured placement follows the Premium plan.
    subscriptionPlan: text('subscription_plan', { enum: PLAN_IDS }).notNull().default('free'),
    subscriptionStatus: text('subscription_status').notNull().default('none'),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    isFeatured: boolean('is_featured').notNull().default(false),
    monthlyLeadsUsed: integer('monthly_leads_used').notNull().default(0),
    /** Start of the credit period monthly_leads_used counts in. */
    creditsPeriodStart: timestamp('credits_period_start', { withTimezone: true }).notNull().defaultNow(),
    /** What last reset the credits (an invoice id, or 'month:2026-11' on Free), so a reset happens once. */
    creditsResetKey: text('credits_reset_key'),
    ...timestamps,
  },
  (t) => [
    check('contractors_approval_status_check', sql`${t.approvalStatus} in ('pending', 'approved', 'rejected')`),
    check('contractors_plan_check', sql`${t.subscriptionPlan} in ('free', 'pro', 'premium')`),
    check('contractors_rating_check', sql`${t.rating} >= 0 and ${t.rating} <= 5`),
    index('contractors_home_town_id_idx').on(t.homeTownId),
    index('contractors_approval_status_idx').on(t.approvalStatus, t.createdAt),
    // Public listing: only approved and visible rows, sorted by each offered sort.
    index('contractors_public_rating_idx').on(t.rating.desc().nullsFirst(), t.reviewCount.desc().nullsFirst(), t.id).where(sql`approval_status = 'approved' and is_visible`),
    index('contractors_public_name_idx').on(t.name, t.id).where(sql`approval_status = 'approved' and is_visible`),
    index('contractors_public_reviews_idx').on(t.reviewCount.desc().nullsFirst(), t.id).where(sql`approval_status = 'approved' and is_visible`),
    index('contractors_public_featured_idx').on(t.isFeatured.desc().nullsFirst(), t.rating.desc().nullsFirst(), t.id).where(sql`approval_status = 'approved' and is_visible`),
    index('contractors_stripe_customer_idx').on(t.stripeCustomerId),
    index('contractors_stripe_subscription_idx').on(t.stripeSubscriptionId),
  ],
);

export type ContractorRow = typeof contractors.$inferSelect;
export type NewContractorRow = typeof contractors.$inferInsert;
