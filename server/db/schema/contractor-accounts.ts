import { sql } from 'drizzle-orm';
import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { contractors } from './contractors';

/** A contractor's sign-in, created when the admin approves the listing (docs/decisions/0008-accounts-and-sessions.md). */
export const contractorAccounts = pgTable(
  'contractor_accounts',
  {
    id: serial('id').primaryKey(),
    contractorId: integer('contractor_id')
      .notNull()
      .references(() => contractors.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** Null until the contractor completes first-time setup. */
    passwordHash: text('password_hash'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('contractor_accounts_contractor_id_idx').on(t.contractorId), uniqueIndex('contractor_accounts_email_idx').on(sql`lower(${t.email})`)],
);

export type ContractorAccountRow = typeof contractorAccounts.$inferSelect;
