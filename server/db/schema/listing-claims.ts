import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { adminUsers } from './admin-users';
import { belongsTo, timestamps } from './columns';
import { contractors } from './contractors';

export const CLAIM_CHANNELS = ['phone', 'email', 'document'] as const;
export const CLAIM_STATUSES = ['open', 'verified', 'approved', 'rejected', 'expired', 'undone'] as const;

/**
 * A business claiming an unclaimed listing (docs/decisions/0131-listing-claims.md): by a code sent
 * to the phone or email the listing already has, or by a document an administrator decides. At
 * most one open claim per listing; each step stays as the listing's claim history.
 */
export const listingClaims = pgTable(
  'listing_claims',
  {
    id: serial('id').primaryKey(),
    contractorId: belongsTo('contractor_id', () => contractors.id),
    channel: text('channel', { enum: CLAIM_CHANNELS }).notNull(),
    status: text('status', { enum: CLAIM_STATUSES }).notNull().default('open'),
    /** The live code's hash (a code claim), null once used or for a document claim. */
    codeHash: text('code_hash'),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    codesSent: integer('codes_sent').notNull().default(0),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    /** The account's address: the listing's for an email claim, the claimant's for a phone or document claim. */
    accountEmail: text('account_email'),
    claimantName: text('claimant_name'),
    /** A document claim's file (insurance-certificate storage: docs/decisions/0031-credentials-stored.md). */
    documentId: integer('document_id'),
    note: text('note'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedByAdminId: integer('decided_by_admin_id').references(() => adminUsers.id, { onDelete: 'set null' }),
    decidedBy: text('decided_by'),
    ...timestamps,
  },
  (t) => [
    check('listing_claims_channel_check', sql`${t.channel} in ('phone', 'email', 'document')`),
    check(
      'listing_claims_status_check',
      sql`${t.status} in ('open', 'verified', 'approved', 'rejected', 'expired', 'undone')`,
    ),
    uniqueIndex('listing_claims_one_open_idx')
      .on(t.contractorId)
      .where(sql`status = 'open'`),
    index('listing_claims_contractor_id_idx').on(t.contractorId, t.createdAt),
  ],
);

export type ListingClaimRow = typeof listingClaims.$inferSelect;
