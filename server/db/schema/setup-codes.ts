import { index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { belongsTo, timestamps } from './columns';
import { contractorAccounts } from './contractor-accounts';

/** One-time setup codes from welcome emails; only a hash is kept. */
export const setupCodes = pgTable(
  'setup_codes',
  {
    id: serial('id').primaryKey(),
    accountId: belongsTo('account_id', () => contractorAccounts.id),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('setup_codes_account_id_idx').on(t.accountId, t.createdAt.desc().nullsFirst())],
);
