/**
 * Verified reviews (docs/decisions/0052-review-answer.md): the limits, the policy's reasons and the
 * shapes the API answers with, without zod, so public pages can import them without the schema
 * library (the review form loads shared/schemas/reviews.ts when it is sent).
 */

export const REVIEW_COMMENT_MAX = 2_000;
export const REVIEW_REPLY_MAX = 2_000;
/** The administrator's note on a hidden review. */
export const HIDE_NOTE_MAX = 500;
/** How long the follow-up email's link works. */
export const REVIEW_LINK_DAYS = 60;
export const REVIEWS_PAGE_SIZE = 10;

export const REVIEW_STATUSES = ['published', 'hidden'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** The reasons the published review policy names (/review-policy); nothing else hides a review. */
export const HIDE_REASONS = ['abuse', 'personal_data', 'unrelated'] as const;
export type HideReason = (typeof HIDE_REASONS)[number];

export const HIDE_REASON_LABELS: Record<HideReason, string> = {
  abuse: 'Abusive, harassing, obscene or discriminatory',
  personal_data: "Someone's personal information",
  unrelated: "Not about this contractor's work",
};

export const ADMIN_REVIEW_FILTERS = ['all', 'published', 'hidden', 'not_contacted'] as const;
export type AdminReviewFilter = (typeof ADMIN_REVIEW_FILTERS)[number];

/** GET /api/reviews/invitation?token=: what the review page shows about the link. */
/**
 * The follow-up email's one-click answers to "Did you hire them?" (docs/decisions/0128-request-page-and-replies.md).
 */
export const HIRE_ANSWERS = ['hired', 'not_yet', 'not_contacted'] as const;
export type HireAnswer = (typeof HIRE_ANSWERS)[number];
export const HIRE_ANSWER_LABELS: Record<HireAnswer, string> = {
  hired: 'Yes, I hired them',
  not_yet: 'Not yet',
  not_contacted: 'They never contacted me',
};

/** Where the follow-up page lands once its hire question is answered without JavaScript. */
export const hireAnsweredPath = (token: string, answer: HireAnswer) =>
  `/review/${encodeURIComponent(token)}?answered=${answer}`;

export interface ReviewInvitation {
  /** open: the form; answered: thanks, already used; expired: the link's time is up. */
  status: 'open' | 'answered' | 'expired';
  contractorId: number;
  contractorName: string;
  /** The homeowner's first name, to greet them. */
  firstName: string;
  serviceNeeded: string;
  expiresAt: string;
  /** The one-click answer given to "Did you hire them?", if any. */
  hireAnswer: HireAnswer | null;
  /** Whether the page still asks it: not answered (here or on the request's page), the link open, the request standing. */
  askHire: boolean;
}

/** A published review as anyone may see it: the first name and the month, never the homeowner's contact details. */
export interface PublicReview {
  id: number;
  rating: number;
  comment: string;
  /** Shown as 'Hired them'; whether they were contacted is for the administrator and the contractor's figures. */
  hired: boolean;
  /** "Verified homeowner" is said of every review: each comes from the homeowner of a delivered lead. */
  authorName: string;
  /** ISO time; shown as the month ("March 2026"). */
  createdAt: string;
  reply: string | null;
  repliedAt: string | null;
}

/** GET /api/contractors/{id}/reviews?page=: newest first. */
export interface ReviewsPage {
  reviews: PublicReview[];
  total: number;
  page: number;
  pageSize: number;
  /** Reviews hidden under the review policy (not in total), said openly under the list. */
  hidden: number;
}

/** A review as the administrator and the reviewed contractor see it. */
export interface ManagedReview extends PublicReview {
  contractorId: number;
  contractorName: string;
  leadId: number;
  deliveryId: number;
  serviceNeeded: string;
  contacted: boolean;
  status: ReviewStatus;
  hiddenReason: HideReason | null;
  hiddenNote: string | null;
  hiddenAt: string | null;
  hiddenBy: string | null;
}

export interface ManagedReviewsPage {
  reviews: ManagedReview[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * The homeowner's answer to the follow-up about one delivery, for the admin's claims list and the
 * contractor stats: followUpFor() in server/reviews/reviews.ts.
 */
export interface FollowUpAnswer {
  /** sent: the email went out (answered or not); skipped: not sent, see skipReason; pending: not due yet. */
  request: 'pending' | 'sent' | 'skipped';
  skipReason: string | null;
  sentAt: string | null;
  answeredAt: string | null;
  contacted: boolean | null;
  hired: boolean | null;
  rating: number | null;
  reviewId: number | null;
}

/**
 * The review form's answers as its schema reads them, from the form posted without JavaScript and
 * from the form in the browser alike: the yes/no radios (yes, no) as booleans and the star chosen
 * (1 to 5) as a number. Anything else is left out, so the schema refuses it with the question's
 * own message.
 */
export function reviewAnswersOf(values: Record<string, string | string[] | undefined>) {
  const yesNo = (v: unknown) => (v === 'yes' ? true : v === 'no' ? false : undefined);
  const rating = typeof values.rating === 'string' && /^[1-5]$/.test(values.rating) ? Number(values.rating) : undefined;
  return { contacted: yesNo(values.contacted), hired: yesNo(values.hired), rating, comment: values.comment };
}
