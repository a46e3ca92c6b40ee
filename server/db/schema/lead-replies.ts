import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { LEAD_REPLY_KINDS } from '../../../shared/schemas/lead-replies';
import { belongsTo, timestamps } from './columns';
import { leadDeliveries } from './lead-deliveries';
import { leads } from './leads';

/**
 * A contractor's answer to a paid or credited lead (docs/decisions/0128-request-page-and-replies.md):
 * a written reply, which is emailed to the homeowner and shown on the request's page, or a mark that
 * it called them. The first one's created_at is the lead's response time.
 */
export const leadReplies = pgTable(
  'lead_replies',
  {
    id: serial('id').primaryKey(),
    deliveryId: belongsTo('delivery_id', () => leadDeliveries.id),
    leadId: belongsTo('lead_id', () => leads.id),
    kind: text('kind', { enum: LEAD_REPLY_KINDS }).notNull(),
    /** The written reply; null for a call mark, and '' once the lead's details are erased. */
    message: text('message'),
    estimateLowCents: integer('estimate_low_cents'),
    estimateHighCents: integer('estimate_high_cents'),
    /** "After a visit" instead of a dollar range. */
    estimateAfterVisit: boolean('estimate_after_visit').notNull().default(false),
    visitDate: date('visit_date', { mode: 'string' }),
    ...timestamps,
  },
  (t) => [
    check('lead_replies_kind_check', sql`${t.kind} in ('reply', 'called')`),
    index('lead_replies_lead_id_idx').on(t.leadId, t.createdAt),
    index('lead_replies_delivery_id_idx').on(t.deliveryId, t.createdAt),
  ],
);

export type LeadReplyRow = typeof leadReplies.$inferSelect;
