import { index, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

/** Email kept for the admin to read when no SMTP server is configured (docs/decisions.md §1.8). */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    ...timestamps,
  },
  (t) => [index('outbox_emails_created_at_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()), index('outbox_emails_to_address_idx').on(t.toAddress)],
);
