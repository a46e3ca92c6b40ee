import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { HIDE_REASONS, REVIEW_STATUSES } from '../../../shared/schemas/reviews';
import { adminUsers } from './admin-users';
import { belongsTo, timestamps } from './columns';
import { contractors } from './contractors';
import { leadDeliveries } from './lead-deliveries';
import { leads } from './leads';

/**
 * A homeowner's answer to the follow-up email (docs/decisions/0052-review-answer.md): whether the
 * contractor made contact, whether they were hired, a rating and a comment. One per lead, tied to
 * the paid or credited delivery it was asked about. contractors.rating and review_count are kept
 * from the published ones by a trigger (migration 0012), so every write path updates them.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    deliveryId: belongsTo('delivery_id', () => leadDeliveries.id),
    leadId: belongsTo('lead_id', () => leads.id),
    contractorId: belongsTo('contractor_id', () => contractors.id),
    contacted: boolean('contacted').notNull(),
    hired: boolean('hired').notNull(),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull().default(''),
    /** The homeowner's first name when they answered, the name the review is shown under. */
    authorName: text('author_name').notNull(),
    status: text('status', { enum: REVIEW_STATUSES }).notNull().default('published'),
    /** Why an administrator hid it: one of the reasons the review policy names. */
    hiddenReason: text('hidden_reason', { enum: HIDE_REASONS }),
    /** The administrator's own words on the decision (not shown publicly). */
    hiddenNote: text('hidden_note'),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenByAdminId: integer('hidden_by_admin_id').references(() => adminUsers.id, { onDelete: 'set null' }),
    hiddenBy: text('hidden_by'),
    /** The contractor's one public reply. */
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
    check('reviews_comment_length_check', sql`char_length(${t.comment}) <= 2000`),
    check('reviews_reply_length_check', sql`char_length(${t.reply}) <= 2000`),
    check('reviews_status_check', sql`${t.status} in ('published', 'hidden')`),
    check('reviews_hidden_reason_check', sql`${t.hiddenReason} in ('abuse', 'personal_data', 'unrelated')`),
    // Hidden exactly when there is a reason the policy names.
    check('reviews_hidden_check', sql`(${t.status} = 'hidden') = (${t.hiddenReason} is not null)`),
    uniqueIndex('reviews_lead_id_idx').on(t.leadId),
    uniqueIndex('reviews_delivery_id_idx').on(t.deliveryId),
    // The profile's list: a contractor's published reviews, newest first.
    index('reviews_contractor_status_created_idx').on(
      t.contractorId,
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('reviews_created_at_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

export type ReviewRow = typeof reviews.$inferSelect;
