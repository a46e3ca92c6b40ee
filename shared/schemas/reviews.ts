import { z } from 'zod';
import { pageParam } from './list-query';
import {
  ADMIN_REVIEW_FILTERS,
  HIDE_NOTE_MAX,
  HIDE_REASONS,
  HIRE_ANSWERS,
  REVIEW_COMMENT_MAX,
  REVIEW_REPLY_MAX,
} from '../reviews';

export * from '../reviews';

/**
 * Verified reviews (docs/decisions/0052-review-answer.md): only the homeowner of a delivered, paid
 * or credited lead can review its contractor, through the signed link of the follow-up email, once
 * per lead. One schema for the server's validation and the review form.
 */

/** The signed link's token: `<delivery id>.<expiry, seconds, base 36>.<signature>` (server/reviews/review-tokens.ts). */
export const reviewTokenSchema = z
  .string({ error: 'This review link is not valid' })
  .trim()
  .min(1, 'This review link is not valid')
  .max(200, 'This review link is not valid')
  .regex(/^[\w.-]+$/, 'This review link is not valid');

const yesNo = (question: string) => z.boolean({ error: `Please answer: ${question}` });

/** POST /api/reviews, and the review form. */
export const reviewSubmissionSchema = z.object({
  token: reviewTokenSchema,
  contacted: yesNo('did they contact you?'),
  hired: yesNo('did you hire them?'),
  rating: z
    .number({ error: 'Please choose a rating from 1 to 5 stars' })
    .int('Please choose a rating from 1 to 5 stars')
    .min(1, 'Please choose a rating from 1 to 5 stars')
    .max(5, 'Please choose a rating from 1 to 5 stars'),
  comment: z
    .string({ error: 'The comment must be text' })
    .trim()
    .max(REVIEW_COMMENT_MAX, `The comment must be at most ${REVIEW_COMMENT_MAX.toLocaleString('en-US')} characters`)
    .optional()
    .default(''),
});
export type ReviewSubmission = z.output<typeof reviewSubmissionSchema>;
export type ReviewSubmissionInput = z.input<typeof reviewSubmissionSchema>;

export const reviewInvitationQuerySchema = z.object({ token: reviewTokenSchema });

/** The follow-up email's one-click answer to "Did you hire them?" (docs/decisions/0128-request-page-and-replies.md). */
export const hireAnswerSchema = z.object({
  token: reviewTokenSchema,
  answer: z.enum(HIRE_ANSWERS, { error: 'Choose an answer' }),
});

export const reviewsPageQuerySchema = z.object({
  id: z.coerce
    .number({ error: 'Contractor id must be a number' })
    .int('Contractor id must be a whole number')
    .positive('Contractor id must be positive')
    .max(2_147_483_647, 'Contractor id is too large'),
  page: pageParam(10_000),
});

/** The contractor's public reply (portal), once per review. */
export const reviewReplySchema = z.object({
  reply: z
    .string({ error: 'Please write a reply' })
    .trim()
    .min(1, 'Please write a reply')
    .max(REVIEW_REPLY_MAX, `The reply must be at most ${REVIEW_REPLY_MAX.toLocaleString('en-US')} characters`),
});

export const reviewIdParamSchema = z.object({
  id: z.coerce
    .number({ error: 'Review id must be a number' })
    .int('Review id must be a whole number')
    .positive('Review id must be positive')
    .max(2_147_483_647, 'Review id is too large'),
});

/** The administrator hides a review for a reason the policy names, or shows it again. */
export const reviewHideSchema = z.object({
  reason: z.enum(HIDE_REASONS, { error: `reason must be one of ${HIDE_REASONS.join(', ')}` }),
  note: z
    .string({ error: 'The note must be text' })
    .trim()
    .max(HIDE_NOTE_MAX, `The note must be at most ${HIDE_NOTE_MAX} characters`)
    .optional()
    .default(''),
});

/** GET /api/contractor/reviews: the portal's own reviews, a page at a time. */
export const portalReviewsQuerySchema = z.object({ page: pageParam(10_000) });

export const adminReviewsQuerySchema = z.object({
  filter: z
    .enum(ADMIN_REVIEW_FILTERS, { error: `filter must be one of ${ADMIN_REVIEW_FILTERS.join(', ')}` })
    .default('all'),
  page: pageParam(10_000),
});
