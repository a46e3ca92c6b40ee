import { sql } from 'drizzle-orm';
import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongsTo, timestamps } from './columns';
import { contractors } from './contractors';

/** A contractor's sign-in, created when the admin approves the listing (docs/decisions/0008-accounts-and-sessions.md). */
export const contractorAccounts = pgTable(
  'contractor_accounts',
  {
    id: serial('id').primaryKey(),
    contractorId: belongsTo('contractor_id', () => contractors.id),
    email: text('email').notNull(),
    /** Null until the contractor completes first-time setup. */
    passwordHash: text('password_hash'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /**
     * Moves on a password reset or change and on 'sign out everywhere': a session carries the value
     * it signed in with and is over once they differ (docs/decisions/0108-contractor-password-reset.md).
     */
    sessionGeneration: integer('session_generation').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('contractor_accounts_contractor_id_idx').on(t.contractorId),
    uniqueIndex('contractor_accounts_email_idx').on(sql`lower(${t.email})`),
  ],
);

export type ContractorAccountRow = typeof contractorAccounts.$inferSelect;
