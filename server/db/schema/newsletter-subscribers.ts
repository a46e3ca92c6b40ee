import { sql } from 'drizzle-orm';
import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { regions } from './regions';

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: serial('id').primaryKey(),
    /**
     * The county whose newsletter this is (docs/decisions/0104-county-content.md): one address may
     * read two counties' newsletters. Without one it is the default county's.
     */
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id)
      .default(sql`default_region_id()`),
    email: text('email').notNull(),
    unsubscribeToken: text('unsubscribe_token').notNull().unique(),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('newsletter_subscribers_region_email_idx').on(t.regionId, sql`lower(${t.email})`)],
);
