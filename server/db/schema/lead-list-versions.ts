import { bigint, integer, pgTable } from 'drizzle-orm/pg-core';

/**
 * Each county's lead list version (docs/decisions/0068-lead-counts-and-index-order.md): triggers
 * (migrations/0033) add one to it on any write to what the administrator's lead table shows
 * (its leads, their deliveries, the names of the contractors in them), so a kept page of that
 * table is answered again only while the counties it covers are unchanged
 * (server/lead-pages.ts). A scope of several counties is stamped with the sum of
 * their versions, which only ever grows: each version only grows, and no row is ever removed
 * (no foreign key to regions, so a county's removal cannot take its row and lower a sum).
 */
export const leadListVersions = pgTable('lead_list_versions', {
  regionId: integer('region_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
