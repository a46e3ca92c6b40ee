import { bigint, integer, pgTable } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { regions } from './regions';

/**
 * Each county's directory version (docs/decisions/0101-read-model-per-county.md): triggers
 * (migrations/0017) set it, on a write to what the county's site shows, to the global version
 * (directory_state) that write moved, so a county's version only ever grows, and a write that
 * touches one county's directory leaves every other county's cached answers alone.
 */
export const directoryVersions = pgTable('directory_versions', {
  regionId: integer('region_id')
    .primaryKey()
    .references(() => regions.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
  ...timestamps,
});
