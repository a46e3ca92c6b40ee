import { integer, pgTable } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { contractors } from './contractors';

/**
 * A contractor's reply record as its profile and cards show it (docs/decisions/0128-request-page-and-replies.md),
 * kept here by the reply-records job and by each reply, so the directory reads a column, not the
 * leads: the median daytime minutes to a first reply over the last 90 days (null: no record to
 * show), and how many homeowners of those leads said whether they were contacted, and how many yes.
 * Triggers move the directory versions of the counties listing it when what is shown changes.
 */
export const contractorReplyRecords = pgTable('contractor_reply_records', {
  contractorId: integer('contractor_id')
    .primaryKey()
    .references(() => contractors.id, { onDelete: 'cascade' }),
  medianMinutes: integer('median_minutes'),
  leadsCounted: integer('leads_counted').notNull().default(0),
  contactedYes: integer('contacted_yes').notNull().default(0),
  contactedAnswers: integer('contacted_answers').notNull().default(0),
  ...timestamps,
});
