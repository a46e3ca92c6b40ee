import { SITE_TIME_ZONE } from '@shared/site-calendar';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { isPaidOrCredited } from '@shared/schemas/deliveries';
import {
  REVIEWS_PAGE_SIZE,
  type FollowUpAnswer,
  type PublicReview,
  type ReviewInvitation,
  type ReviewSubmission,
  type ReviewsPage,
} from '@shared/schemas/reviews';
import { inTransaction, type AppContext, type DbCtx, type ServiceCtx } from '../context';
import { leadDeliveries, reviewRequests, reviews, type ReviewRow } from '../db/schema';
import type { Freshness, Frozen } from '../directory';
import { conflict, forbidden, invalid, notFound } from '../domain/errors';
import { readReviewLink, type ReviewLink } from './review-tokens';
import { ownBusinessReason, reviewerName } from './review-rules';
import { refreshReplyRecords } from '../contractors/reply-records';
import { deliveryToReview } from './delivery-to-review';

/**
 * Verified reviews (docs/decisions/0052-review-answer.md): a homeowner answers the follow-up about
 * one delivered, paid or credited lead through its signed link, once per lead. The site writes no
 * reviews and pays for none; a contractor can reply once but never change or remove one; the
 * administrator hides one only for a reason the published review policy names. contractors.rating
 * and review_count follow the published reviews by a database trigger (migration 0012).
 */

const NOT_VALID = 'This review link is not valid. Please use the link in the email we sent you.';
const EXPIRED = 'This review link has expired. Review links work for 60 days after the email.';
const ANSWERED = 'This review link has already been used. Thank you for your answer!';

/** What answering a review link needs: the key that signs links, and the clock that ends them. */
type ReviewCtx = ServiceCtx & Pick<AppContext, 'env'>;

/** The link a token stands for, refused when forged (400) or past its time by ctx.clock (400, said so). */
function linkOf(ctx: ReviewCtx, token: string, { allowExpired = false } = {}): ReviewLink & { expired: boolean } {
  const link = readReviewLink(ctx.env, token);
  if (!link) throw invalid(NOT_VALID, { token: NOT_VALID });
  const expired = link.expiresAt.getTime() <= ctx.clock.now().getTime();
  if (expired && !allowExpired) throw invalid(EXPIRED, { token: EXPIRED });
  return { ...link, expired };
}

async function linkedDelivery(ctx: DbCtx, deliveryId: number) {
  const row = await deliveryToReview(ctx, deliveryId);
  // Only links the follow-up sent are answered (a signature alone, made without sending, is not enough).
  if (!row || row.requestStatus !== 'sent') throw invalid(NOT_VALID, { token: NOT_VALID });
  return row;
}

type LinkedDelivery = Awaited<ReturnType<typeof linkedDelivery>>;

/** Whether "Did you hire them?" is still asked: once, while the link and the request stand, unless the page was told already. */
const hireStillAsked = (d: LinkedDelivery, expired: boolean) =>
  d.hireAnswer === null && !d.hiredOnPage && !expired && d.withdrawnAt === null && d.erasedAt === null;

/**
 * The delivery a follow-up link's one-click hire answer is about (docs/decisions/0128-request-page-and-replies.md),
 * refused as the review form refuses the link (forged, expired, not sent), and when it was answered or no longer asked.
 */
export async function hireCheckOf(ctx: ReviewCtx, token: string): Promise<LinkedDelivery> {
  const link = linkOf(ctx, token);
  const d = await linkedDelivery(ctx, link.deliveryId);
  if (d.hireAnswer !== null) throw conflict('You already answered this question. Thank you!');
  if (d.withdrawnAt !== null || d.erasedAt !== null) throw conflict('This request was withdrawn.');
  return d;
}

/** GET /api/reviews/invitation?token=: what the review page says about its link. */
export async function reviewInvitation(ctx: ReviewCtx, token: string): Promise<ReviewInvitation> {
  const link = linkOf(ctx, token, { allowExpired: true });
  const d = await linkedDelivery(ctx, link.deliveryId);
  return {
    status: d.reviewId !== null ? 'answered' : link.expired ? 'expired' : 'open',
    hireAnswer: d.hireAnswer,
    askHire: hireStillAsked(d, link.expired),
    contractorId: d.contractorId,
    contractorName: d.contractorName,
    firstName: reviewerName(d.name),
    serviceNeeded: d.serviceNeeded,
    expiresAt: link.expiresAt.toISOString(),
  };
}

/** POST /api/reviews: stores the homeowner's answer, once per lead (the unique lead decides between two at once). */
export async function submitReview(
  ctx: ReviewCtx,
  input: ReviewSubmission,
): Promise<{ id: number; status: 'published' }> {
  const link = linkOf(ctx, input.token);
  return inTransaction(ctx, async (tx) => {
    const d = await linkedDelivery(tx, link.deliveryId);
    if (d.reviewId !== null) throw conflict(ANSWERED);
    if (!isPaidOrCredited(d.paymentState)) throw conflict('This lead was cancelled, so there is nothing to review.');
    // Checked again at answer time: the contractor's addresses may have changed since the email.
    if (ownBusinessReason(d.email, { email: d.contractorEmail, accountEmail: d.accountEmail, website: d.website })) {
      throw forbidden("A contractor's own business, staff or family cannot review it.");
    }
    const [row] = await tx.db
      .insert(reviews)
      .values({
        deliveryId: d.deliveryId,
        leadId: d.leadId,
        contractorId: d.contractorId,
        contacted: input.contacted,
        hired: input.hired,
        rating: input.rating,
        comment: input.comment,
        authorName: reviewerName(d.name) || 'Homeowner',
      })
      .onConflictDoNothing()
      .returning({ id: reviews.id });
    if (!row) throw conflict(ANSWERED);
    // Its "Did they contact you?" is part of the contractor's reply record (docs/decisions/0128-request-page-and-replies.md).
    await refreshReplyRecords(tx, [d.contractorId]);
    return { id: row.id, status: 'published' as const };
  });
}

export function publicReview(
  r: Pick<ReviewRow, 'id' | 'rating' | 'comment' | 'hired' | 'authorName' | 'createdAt' | 'reply' | 'repliedAt'>,
): PublicReview {
  return {
    id: r.id,
    rating: r.rating,
    comment: r.comment,
    hired: r.hired,
    authorName: r.authorName,
    createdAt: r.createdAt.toISOString(),
    reply: r.reply,
    repliedAt: r.repliedAt?.toISOString() ?? null,
  };
}

const published = (contractorId: number) =>
  and(eq(reviews.contractorId, contractorId), eq(reviews.status, 'published'));

/**
 * GET /api/contractors/{id}/reviews?page=: a listed contractor's published reviews, newest first,
 * and how many the policy hides. Kept by the read model for outages, like the blog.
 */
export async function contractorReviews(
  ctx: Pick<AppContext, 'db' | 'directory'>,
  county: string,
  contractorId: number,
  page: number,
  freshness?: Freshness,
): Promise<Frozen<ReviewsPage>> {
  // Hidden, pending and unknown contractors, and those the county does not list, are not found, as their profiles are not.
  await ctx.directory.profile(county, contractorId, freshness);
  return ctx.directory.read(
    county,
    `reviews/${contractorId}/${page}`,
    async (): Promise<ReviewsPage> => {
      const [rows, [totals]] = await Promise.all([
        ctx.db
          .select()
          .from(reviews)
          .where(published(contractorId))
          .orderBy(desc(reviews.createdAt), desc(reviews.id))
          .limit(REVIEWS_PAGE_SIZE)
          .offset((page - 1) * REVIEWS_PAGE_SIZE),
        ctx.db
          .select({
            total: sql<number>`count(*) filter (where ${reviews.status} = 'published')`.mapWith(Number),
            hidden: sql<number>`count(*) filter (where ${reviews.status} = 'hidden')`.mapWith(Number),
          })
          .from(reviews)
          .where(eq(reviews.contractorId, contractorId)),
      ]);
      return {
        reviews: rows.map(publicReview),
        total: totals?.total ?? 0,
        page,
        pageSize: REVIEWS_PAGE_SIZE,
        hidden: totals?.hidden ?? 0,
      };
    },
    freshness,
  );
}

/**
 * The homeowner's answer about a delivery, or about a lead (its reviewed delivery, else its latest
 * live one), for the administrator's claims list: whether the follow-up went out and, once
 * answered, contacted / hired / rating. Null when there is no such delivery. Hidden reviews count:
 * the answer is the homeowner's whatever is shown publicly.
 */
export async function followUpFor(
  ctx: DbCtx,
  ref: { deliveryId: number } | { leadId: number },
): Promise<FollowUpAnswer | null> {
  const where = 'deliveryId' in ref ? eq(leadDeliveries.id, ref.deliveryId) : eq(leadDeliveries.leadId, ref.leadId);
  const [row] = await ctx.db
    .select({ request: reviewRequests, review: reviews })
    .from(leadDeliveries)
    .leftJoin(reviewRequests, eq(reviewRequests.deliveryId, leadDeliveries.id))
    .leftJoin(reviews, eq(reviews.deliveryId, leadDeliveries.id))
    .where(where)
    .orderBy(sql`${reviews.id} is null`, sql`${leadDeliveries.paymentState} = 'cancelled'`, desc(leadDeliveries.id))
    .limit(1);
  if (!row) return null;
  const { request, review } = row;
  return {
    request: request?.status ?? 'pending',
    skipReason: request?.skipReason ?? null,
    sentAt: request?.status === 'sent' ? request.createdAt.toISOString() : null,
    answeredAt: review?.createdAt.toISOString() ?? null,
    contacted: review?.contacted ?? null,
    hired: review?.hired ?? null,
    rating: review?.rating ?? null,
    reviewId: review?.id ?? null,
  };
}

/** Follow-up answers per month (site time zone, 'YYYY-MM'), for the contractor's response figures: answers, 'not contacted', 'hired'. */
export async function followUpAnswersByMonth(
  ctx: DbCtx,
  contractorId: number,
  from: Date,
  until: Date,
): Promise<Map<string, { answers: number; notContacted: number; hired: number }>> {
  const month = sql<string>`to_char(${reviews.createdAt} at time zone ${SITE_TIME_ZONE}, 'YYYY-MM')`;
  const rows = await ctx.db
    .select({
      month,
      answers: count(),
      notContacted: sql<number>`count(*) filter (where not ${reviews.contacted})`.mapWith(Number),
      hired: sql<number>`count(*) filter (where ${reviews.hired})`.mapWith(Number),
    })
    .from(reviews)
    .where(
      and(
        eq(reviews.contractorId, contractorId),
        sql`${reviews.createdAt} >= ${from.toISOString()}`,
        sql`${reviews.createdAt} < ${until.toISOString()}`,
      ),
    )
    .groupBy(month);
  return new Map(rows.map((r) => [r.month, { answers: r.answers, notContacted: r.notContacted, hired: r.hired }]));
}

/**
 * The rating as it stood at each instant: the published reviews made before it, rounded as
 * contractors.rating is (one decimal). For "rating over time"; a review hidden later is left out
 * of every month, as it is of the rating now.
 */
export async function ratingsAt(
  ctx: DbCtx,
  contractorId: number,
  instants: Date[],
): Promise<{ at: Date; rating: number; reviewCount: number }[]> {
  if (instants.length === 0) return [];
  const rows = await ctx.db
    .select({ rating: reviews.rating, createdAt: reviews.createdAt })
    .from(reviews)
    .where(published(contractorId))
    .orderBy(reviews.createdAt);
  return instants.map((at) => {
    const before = rows.filter((r) => r.createdAt.getTime() < at.getTime());
    const sum = before.reduce((s, r) => s + r.rating, 0);
    return { at, rating: before.length ? Math.round((sum / before.length) * 10) / 10 : 0, reviewCount: before.length };
  });
}

/** A review of this contractor, or not found (another contractor's looks the same as none). */
export async function reviewOf(ctx: DbCtx, reviewId: number, contractorId?: number): Promise<ReviewRow> {
  const [row] = await ctx.db
    .select()
    .from(reviews)
    .where(
      contractorId === undefined
        ? eq(reviews.id, reviewId)
        : and(eq(reviews.id, reviewId), eq(reviews.contractorId, contractorId)),
    );
  if (!row) throw notFound('Review not found');
  return row;
}
