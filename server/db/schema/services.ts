import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

/** The canonical service taxonomy (DECISIONS D1), seeded from shared/region.ts. */
export const services = pgTable('services', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  ...timestamps,
});
