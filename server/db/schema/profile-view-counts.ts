import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { belongsTo } from './columns';
import { contractors } from './contractors';

/** Profile views per contractor per day (docs/decisions/0058-profile-views.md): once per visitor per day, crawlers left out. */
export const profileViewCounts = pgTable(
  'profile_view_counts',
  {
    contractorId: belongsTo('contractor_id', () => contractors.id),
    /** The site's calendar day (America/New_York), 'YYYY-MM-DD'. */
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.contractorId, t.day] }),
    check('profile_view_counts_views_check', sql`${t.views} >= 0`),
  ],
);
