import { bigint, integer, pgTable } from 'drizzle-orm/pg-core';

/**
 * Each county's figures version (docs/decisions/0129-dashboard-charts.md): one is added when a
 * transaction that changed the county's figures commits (deferred triggers, migrations/0040), so
 * the dashboard's kept answers (server/leads/figure-answers.ts) are read again only after a
 * change. Bumped at commit, after every figure row the transaction took, so these rows are always
 * the last a writer locks. Like lead_list_versions: only grows, no row removed, no foreign key.
 */
export const countyFigureVersions = pgTable('county_figure_versions', {
  regionId: integer('region_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
