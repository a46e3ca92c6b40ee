import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

/** The region's towns (docs/decisions/0001-region-data.md), seeded from shared/region.ts. */
export const towns = pgTable('towns', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  label: text('label').notNull(),
  kind: text('kind').notNull(),
  aliases: text('aliases').array().notNull().default([]),
  sortOrder: integer('sort_order').notNull().default(0),
  ...timestamps,
});
