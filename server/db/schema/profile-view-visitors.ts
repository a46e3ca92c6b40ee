import { date, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { belongsTo } from './columns';
import { contractors } from './contractors';

/**
 * Today's visitors of each profile, only as salted hashes
 * (docs/decisions/0059-profile-visitor-privacy.md): the database is where every app process checks
 * 'already counted today'. The hash is keyed by a secret that changes every day and covers the
 * contractor, so rows cannot be linked to an address, to each other, or to another day; earlier
 * days' rows are deleted.
 */
export const profileViewVisitors = pgTable(
  'profile_view_visitors',
  {
    /** The site's calendar day (America/New_York), 'YYYY-MM-DD'. */
    day: date('day', { mode: 'string' }).notNull(),
    visitorHash: text('visitor_hash').notNull(),
    contractorId: belongsTo('contractor_id', () => contractors.id),
  },
  (t) => [primaryKey({ columns: [t.day, t.visitorHash] })],
);
