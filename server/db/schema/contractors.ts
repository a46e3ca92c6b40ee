import { sql } from 'drizzle-orm';
import { boolean, check, date, doublePrecision, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { PLAN_IDS } from '../../../shared/plans';
import { APPROVAL_STATUSES } from '../../../shared/schemas/admin';
import { adminUsers } from './admin-users';
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
    /** Licence and insurance checked by an administrator (docs/decisions/0032-credential-verification.md): the 'Verified Licensed' badge and the search's licensed filter. */
    verified: boolean('verified').notNull().default(false),
    /** When and by whom the current verification was made; null while unverified (and for rows verified before this was recorded). */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    verifiedByAdminId: integer('verified_by_admin_id').references(() => adminUsers.id, { onDelete: 'set null' }),
    /** The administrator's username at the time, kept if that account is renamed or removed. */
    verifiedBy: text('verified_by'),
    // Credentials, each checked on its own (docs/decisions/0032-credential-verification.md): the
    // registration (its number is license_number) and the liability insurance. `verified` above is
    // the badge: both verified and neither expired, kept by the credentials service and the daily
    // job.
    registrationExpiresOn: date('registration_expires_on', { mode: 'string' }),
    registrationVerified: boolean('registration_verified').notNull().default(false),
    registrationVerifiedAt: timestamp('registration_verified_at', { withTimezone: true }),
    registrationVerifiedByAdminId: integer('registration_verified_by_admin_id').references(() => adminUsers.id, { onDelete: 'set null' }),
    registrationVerifiedBy: text('registration_verified_by'),
    /** How it was checked ('Checked on the Attorney General's registration lookup'). */
    registrationVerifiedHow: text('registration_verified_how'),
    insurer: text('insurer'),
    insurancePolicyNumber: text('insurance_policy_number'),
    /** Coverage limits in whole dollars (a policy's limits have no cents). */
    insuranceCoverageOccurrence: integer('insurance_coverage_occurrence'),
    insuranceCoverageAggregate: integer('insurance_coverage_aggregate'),
    insuranceExpiresOn: date('insurance_expires_on', { mode: 'string' }),
    insuranceVerified: boolean('insurance_verified').notNull().default(false),
    insuranceVerifiedAt: timestamp('insurance_verified_at', { withTimezone: true }),
    insuranceVerifiedByAdminId: integer('insurance_verified_by_admin_id').references(() => adminUsers.id, { onDelete: 'set null' }),
    insuranceVerifiedBy: text('insurance_verified_by'),
    insuranceVerifiedHow: text('insurance_verified_how'),
    priceRange: text('price_range').notNull().default('$$'),
    availability: text('availability').notNull().default('Available'),
    responseTime: text('response_time').notNull().default('Within 24 hours'),
    certifications: text('certifications').array().notNull().default([]),
    approvalStatus: text('approval_status', { enum: APPROVAL_STATUSES }).notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    isVisible: boolean('is_visible').notNull().default(false),
    // Plan fields (docs/decisions/0006-plans-and-credits.md). Featured placement follows the Premium plan.
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
    /** Credits that do not expire (a plan credit given back for a bad lead), used once the plan's credits for the period are gone (docs/decisions/0047-bonus-credits.md). */
    bonusCredits: integer('bonus_credits').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    check('contractors_approval_status_check', sql`${t.approvalStatus} in ('pending', 'approved', 'rejected')`),
    check('contractors_plan_check', sql`${t.subscriptionPlan} in ('free', 'pro', 'premium')`),
    check('contractors_rating_check', sql`${t.rating} >= 0 and ${t.rating} <= 5`),
    check('contractors_bonus_credits_check', sql`${t.bonusCredits} >= 0`),
    check('contractors_insurance_coverage_check', sql`${t.insuranceCoverageOccurrence} >= 0 and ${t.insuranceCoverageAggregate} >= 0`),
    // One listing per registration number (stored upper-case, as the shared schema writes it).
    uniqueIndex('contractors_license_number_key')
      .on(t.licenseNumber)
      .where(sql`license_number is not null`),
    index('contractors_home_town_id_idx').on(t.homeTownId),
    index('contractors_approval_status_idx').on(t.approvalStatus, t.createdAt),
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
    index('contractors_stripe_customer_idx').on(t.stripeCustomerId),
    index('contractors_stripe_subscription_idx').on(t.stripeSubscriptionId),
  ],
);

export type ContractorRow = typeof contractors.$inferSelect;
export type NewContractorRow = typeof contractors.$inferInsert;
