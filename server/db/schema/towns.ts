import { doublePrecision, index, integer, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { regions } from './regions';

/**
 * A county's towns (docs/decisions/0001-region-data.md, docs/decisions/0098-counties-are-data.md):
 * the default county's from shared/region.ts, another county's from the bundled Pennsylvania
 * places. A slug is unique within its county only: Washington, Franklin and Jackson townships
 * recur across counties.
 */
export const towns = pgTable(
  'towns',
  {
    id: serial('id').primaryKey(),
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    label: text('label').notNull(),
    kind: text('kind').notNull(),
    aliases: text('aliases').array().notNull().default([]),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    sortOrder: integer('sort_order').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    unique('towns_region_slug_unique').on(t.regionId, t.slug),
    // The target of a location pricing rule's (town, county) key (docs/decisions/0107-pricing-per-county.md).
    unique('towns_id_region_unique').on(t.id, t.regionId),
    index('towns_region_id_idx').on(t.regionId, t.sortOrder),
  ],
);
