import { bigint, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { belongsTo } from './columns';
import { LEAD_STATUSES } from '../../../shared/schemas/lead-status';
import { regions } from './regions';

/**
 * How many leads each county has in each status and what their prices add up to, kept by a
 * trigger on leads (migrations/0006, per county since migrations/0021). The admin's counts and
 * revenue card read a few rows instead of counting a table that grows by every quote request:
 * the platform administrator's sum every county's, a county administrator's only theirs
 * (docs/decisions/0103-county-administrators.md).
 */
export const leadStatusCounts = pgTable(
  'lead_status_counts',
  {
    regionId: belongsTo('region_id', () => regions.id),
    status: text('status', { enum: LEAD_STATUSES }).notNull(),
    leads: bigint('leads', { mode: 'number' }).notNull().default(0),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.regionId, t.status] })],
);
