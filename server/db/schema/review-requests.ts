import { sql } from 'drizzle-orm';
import { check, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongsTo } from './columns';
import { HIRE_ANSWERS } from '../../../shared/reviews';
import { leadDeliveries } from './lead-deliveries';

export const REVIEW_REQUEST_STATUSES = ['sent', 'skipped'] as const;

/**
 * The follow-up email of a paid or credited delivery (docs/decisions/0050-review-follow-up.md):
 * sent once, with the link's expiry, or skipped with the reason (the delivery was cancelled, the
 * homeowner's email is the contractor's own). Written in the transaction that queues the email, so
 * a retried job sends nothing twice.
 */
export const reviewRequests = pgTable(
  'review_requests',
  {
    id: serial('id').primaryKey(),
    deliveryId: belongsTo('delivery_id', () => leadDeliveries.id),
    status: text('status', { enum: REVIEW_REQUEST_STATUSES }).notNull(),
    skipReason: text('skip_reason'),
    /** When the link stops working (sent only). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /**
     * The homeowner's one-click answer to "Did you hire them?" in the same email, once
     * (docs/decisions/0128-request-page-and-replies.md), and when it was given.
     */
    hireAnswer: text('hire_answer', { enum: HIRE_ANSWERS }),
    hireAnsweredAt: timestamp('hire_answered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('review_requests_status_check', sql`${t.status} in ('sent', 'skipped')`),
    check('review_requests_sent_check', sql`(${t.status} = 'sent') = (${t.expiresAt} is not null)`),
    check('review_requests_hire_answer_check', sql`${t.hireAnswer} in ('hired', 'not_yet', 'not_contacted')`),
    uniqueIndex('review_requests_delivery_id_idx').on(t.deliveryId),
  ],
);

export type ReviewRequestRow = typeof reviewRequests.$inferSelect;
