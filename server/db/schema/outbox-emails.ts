import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { regions } from './regions';

/**
 * Every email the site writes (docs/decisions/0009-email.md): written in the transaction of the
 * change that causes it. With SMTP it waits as 'pending' for the send-email job (attempts and the
 * last error recorded), then 'sent' or 'failed'; without SMTP it is 'kept' here for the admin to
 * read. region_id: the county whose lead, review or subscriber it is about; null is the platform's mail
 * (sign-up codes, credential reminders...), which only platform administrators read
 * (docs/decisions/0103-county-administrators.md).
 */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: serial('id').primaryKey(),
    regionId: integer('region_id').references(() => regions.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    /** 'email', or 'text' for a text message (to_address is then the phone number, subject empty; docs/decisions/0118-text-messages.md). */
    channel: text('channel', { enum: ['email', 'text'] })
      .notNull()
      .default('email'),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    /** Where the recipient's answer goes, when not to the sender: a contractor's reply to a homeowner (docs/decisions/0128-request-page-and-replies.md). */
    replyTo: text('reply_to'),
    status: text('status', { enum: ['pending', 'sent', 'failed', 'kept'] })
      .notNull()
      .default('kept'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('outbox_emails_status_check', sql`${t.status} in ('pending', 'sent', 'failed', 'kept')`),
    check('outbox_emails_channel_check', sql`${t.channel} in ('email', 'text')`),
    index('outbox_emails_created_at_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('outbox_emails_status_created_at_idx').on(
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('outbox_emails_region_created_at_idx').on(
      t.regionId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('outbox_emails_to_address_idx').on(t.toAddress),
  ],
);
