import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

/** The canonical service taxonomy (docs/decisions/0001-region-data.md), seeded from shared/region.ts. */
export const services = pgTable('services', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  ...timestamps,
});
