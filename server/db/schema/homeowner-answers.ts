import { sql } from 'drizzle-orm';
import { check, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { HOMEOWNER_ANSWERS } from '../../../shared/schemas/request-page';
import { belongsTo, timestamps } from './columns';
import { leads } from './leads';

/**
 * What a homeowner told us about a request on its page (docs/decisions/0128-request-page-and-replies.md):
 * "I hired them" or "I'm still looking", each once.
 */
export const homeownerAnswers = pgTable(
  'homeowner_answers',
  {
    id: serial('id').primaryKey(),
    leadId: belongsTo('lead_id', () => leads.id),
    answer: text('answer', { enum: HOMEOWNER_ANSWERS }).notNull(),
    ...timestamps,
  },
  (t) => [
    check('homeowner_answers_answer_check', sql`${t.answer} in ('hired', 'still_looking')`),
    uniqueIndex('homeowner_answers_lead_answer_idx').on(t.leadId, t.answer),
  ],
);
