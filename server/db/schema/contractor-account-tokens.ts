import { sql } from 'drizzle-orm';
import { check, index, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongsTo, timestamps } from './columns';
import { contractorAccounts } from './contractor-accounts';

/** What a link from a contractor's email does (docs/decisions/0108-contractor-password-reset.md). */
export const ACCOUNT_TOKEN_PURPOSES = ['password-reset', 'email-change'] as const;
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

/**
 * The single-use links of a contractor's account: a password reset, or the confirmation of a new
 * sign-in email (`newEmail`). Only the token's SHA-256 is kept; a link works once (`usedAt`) until
 * `expiresAt`, and a newer link of the same purpose voids the older (`voidedAt`).
 */
export const contractorAccountTokens = pgTable(
  'contractor_account_tokens',
  {
    id: serial('id').primaryKey(),
    accountId: belongsTo('account_id', () => contractorAccounts.id),
    purpose: text('purpose', { enum: ACCOUNT_TOKEN_PURPOSES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    newEmail: text('new_email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('contractor_account_tokens_hash_idx').on(t.tokenHash),
    index('contractor_account_tokens_account_idx').on(t.accountId, t.purpose),
    check('contractor_account_tokens_purpose_check', sql`${t.purpose} in ('password-reset', 'email-change')`),
    check(
      'contractor_account_tokens_new_email_check',
      sql`(${t.purpose} = 'email-change') = (${t.newEmail} is not null)`,
    ),
  ],
);

export type ContractorAccountTokenRow = typeof contractorAccountTokens.$inferSelect;
