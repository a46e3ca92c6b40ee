import { pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { timestamps } from './columns';

/**
 * Addresses that asked never to be invited again (docs/decisions/0132-claim-invitations.md). Keyed
 * by the address, not by a listing, so it holds after the listing is deleted or imported again.
 */
export const doNotContact = pgTable(
  'do_not_contact',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('do_not_contact_email_idx').on(sql`lower(${t.email})`)],
);
