import { bigint, date, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { belongsTo } from './columns';
import { regions } from './regions';

/**
 * What the dashboard's charts count, per county and period (docs/decisions/0129-dashboard-charts.md),
 * kept by triggers (migrations/0040) so that a chart reads a few hundred rows, not a year of
 * leads: each quote request counts once in its week by what became of it (`requests_<outcome>`)
 * and in its month's funnel (`funnel_<stage>`); payments and refunds in the month they happened
 * (`revenue_leads`, `refunds`, with `cents`); and each delivery and first reply in its week's
 * histogram of minutes (`minutes_to_delivery`, `minutes_to_reply`, `bucket` being the bin).
 * Nothing is taken away when a lead is erased: the figures hold no one's details, and a request
 * that was made stays made. Plan payments are the platform's, not a county's, and are read from
 * subscription_payments.
 */
export const countyFigures = pgTable(
  'county_figures',
  {
    regionId: belongsTo('region_id', () => regions.id),
    figure: text('figure').notNull(),
    /** The period's first day in the county's time zone: a Monday for weekly figures, the 1st for monthly ones. */
    period: date('period', { mode: 'string' }).notNull(),
    /** A histogram's bin (shared/figure-bins.ts); 0 for a plain count. */
    bucket: smallint('bucket').notNull().default(0),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
    cents: bigint('cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.regionId, t.figure, t.period, t.bucket] })],
);
