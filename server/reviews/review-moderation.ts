import { and, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import {
  REVIEWS_PAGE_SIZE,
  type AdminReviewFilter,
  type HideReason,
  type ManagedReview,
  type ManagedReviewsPage,
} from '@shared/schemas/reviews';
import type { DbCtx, ServiceCtx } from '../context';
import type { Executor } from '../db/client';
import { contractors, leads, reviews, type ReviewRow } from '../db/schema';
import { conflict } from '../domain/errors';
import type { AdminActor, AdminScope } from '../domain/actors';
import { inScope } from '../counties/admin-scope';
import { publicReview, reviewOf } from './reviews';

/**
 * What the administrator and the reviewed contractor may do with reviews
 * (docs/decisions/0056-review-policy.md, 16 CFR 465). The administrator hides a review only for a
 * reason the review policy names (the same test for a 5-star review as for a 1-star one) and can
 * show it again; the contractor posts one public reply. Nobody can change what a homeowner wrote,
 * and there is no way to delete one.
 */

const PAGE_SIZE = REVIEWS_PAGE_SIZE * 2;

function managed(r: { review: ReviewRow; contractorName: string; serviceNeeded: string }): ManagedReview {
  const v = r.review;
  return {
    ...publicReview(v),
    contractorId: v.contractorId,
    contractorName: r.contractorName,
    leadId: v.leadId,
    deliveryId: v.deliveryId,
    serviceNeeded: r.serviceNeeded,
    contacted: v.contacted,
    status: v.status,
    hiddenReason: v.hiddenReason,
    hiddenNote: v.hiddenNote,
    hiddenAt: v.hiddenAt?.toISOString() ?? null,
    hiddenBy: v.hiddenBy,
  };
}

async function page(
  db: Executor,
  where: SQL | undefined,
  pageNumber: number,
  countAcrossLeads = false,
): Promise<ManagedReviewsPage> {
  const [rows, [total]] = await Promise.all([
    db
      .select({ review: reviews, contractorName: contractors.name, serviceNeeded: leads.serviceNeeded })
      .from(reviews)
      .innerJoin(contractors, eq(contractors.id, reviews.contractorId))
      .innerJoin(leads, eq(leads.id, reviews.leadId))
      .where(where)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(PAGE_SIZE)
      .offset((pageNumber - 1) * PAGE_SIZE),
    countAcrossLeads
      ? db.select({ n: count() }).from(reviews).innerJoin(leads, eq(leads.id, reviews.leadId)).where(where)
      : db.select({ n: count() }).from(reviews).where(where),
  ]);
  return { reviews: rows.map(managed), total: total?.n ?? 0, page: pageNumber, pageSize: PAGE_SIZE };
}

const FILTERS: Record<AdminReviewFilter, SQL | undefined> = {
  all: undefined,
  published: eq(reviews.status, 'published'),
  hidden: eq(reviews.status, 'hidden'),
  // The homeowner says the contractor never got in touch: what the administrator looks at first.
  not_contacted: eq(reviews.contacted, false),
};

/** GET /api/admin/reviews: the reviews of the administrator's counties' leads, newest first, with the homeowner's contacted / hired answers. */
export function listReviewsForAdmin(
  ctx: DbCtx,
  scope: AdminScope,
  q: { filter: AdminReviewFilter; page: number },
): Promise<ManagedReviewsPage> {
  const counties = inScope(scope, leads.regionId);
  return page(ctx.db, and(counties, FILTERS[q.filter]), q.page, counties !== undefined);
}

/** GET /api/contractor/reviews: the signed-in contractor's reviews, hidden ones too with the policy's reason (not the administrator's note or name). */
export async function listReviewsForContractor(
  ctx: DbCtx,
  contractorId: number,
  pageNumber: number,
): Promise<ManagedReviewsPage> {
  const result = await page(ctx.db, eq(reviews.contractorId, contractorId), pageNumber);
  return { ...result, reviews: result.reviews.map((r) => ({ ...r, hiddenNote: null, hiddenBy: null })) };
}

async function managedById(db: Executor, id: number): Promise<ManagedReview> {
  const [row] = await db
    .select({ review: reviews, contractorName: contractors.name, serviceNeeded: leads.serviceNeeded })
    .from(reviews)
    .innerJoin(contractors, eq(contractors.id, reviews.contractorId))
    .innerJoin(leads, eq(leads.id, reviews.leadId))
    .where(eq(reviews.id, id));
  return managed(row!);
}

/** Hides a review for a reason the policy names; its rating leaves the contractor's (the trigger). */
export async function hideReview(
  ctx: ServiceCtx,
  reviewId: number,
  input: { reason: HideReason; note: string },
  actor: AdminActor,
): Promise<ManagedReview> {
  await reviewOf(ctx, reviewId);
  await ctx.db
    .update(reviews)
    .set({
      status: 'hidden',
      hiddenReason: input.reason,
      hiddenNote: input.note || null,
      hiddenAt: ctx.clock.now(),
      hiddenByAdminId: actor.adminUserId,
      hiddenBy: actor.username,
    })
    .where(eq(reviews.id, reviewId));
  return managedById(ctx.db, reviewId);
}

/** Shows a hidden review again (a decision undone); the record of who hid it goes with it. */
export async function showReview(ctx: DbCtx, reviewId: number): Promise<ManagedReview> {
  await reviewOf(ctx, reviewId);
  await ctx.db
    .update(reviews)
    .set({
      status: 'published',
      hiddenReason: null,
      hiddenNote: null,
      hiddenAt: null,
      hiddenByAdminId: null,
      hiddenBy: null,
    })
    .where(eq(reviews.id, reviewId));
  return managedById(ctx.db, reviewId);
}

/** The contractor's one public reply; a second answers 409, and the review itself is not touched. */
export async function replyToReview(
  ctx: ServiceCtx,
  contractorId: number,
  reviewId: number,
  reply: string,
): Promise<ManagedReview> {
  await reviewOf(ctx, reviewId, contractorId);
  const [updated] = await ctx.db
    .update(reviews)
    .set({ reply, repliedAt: ctx.clock.now() })
    .where(and(eq(reviews.id, reviewId), eq(reviews.contractorId, contractorId), isNull(reviews.reply)))
    .returning({ id: reviews.id });
  if (!updated) throw conflict('You have already replied to this review. A reply cannot be changed.');
  return managedById(ctx.db, reviewId);
}
