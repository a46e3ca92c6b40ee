import { eq, sql } from 'drizzle-orm';
import type { DbCtx } from '../context';
import {
  contractorAccounts,
  contractors,
  homeownerAnswers,
  leadDeliveries,
  leads,
  reviewRequests,
  reviews,
} from '../db/schema';
import { accountOfContractor } from '../contractors/contractor-email';
import { contractorOfDelivery, leadOfDelivery } from '../db/delivery-joins';

/**
 * A delivery as the review follow-up and its link read it: the homeowner and its request, the
 * contractor with the addresses that tell its own business (ownBusinessReason), the follow-up's
 * request and hire answer, and the lead's review once there is one. Null when there is no such
 * delivery.
 */
export async function deliveryToReview(ctx: DbCtx, deliveryId: number) {
  const [row] = await ctx.db
    .select({
      deliveryId: leadDeliveries.id,
      paymentState: leadDeliveries.paymentState,
      leadId: leads.id,
      regionId: leads.regionId,
      name: leads.name,
      email: leads.email,
      serviceNeeded: leads.serviceNeeded,
      askedAt: leads.createdAt,
      contractorId: contractors.id,
      contractorName: contractors.name,
      contractorEmail: contractors.email,
      website: contractors.website,
      accountEmail: contractorAccounts.email,
      requestStatus: reviewRequests.status,
      hireAnswer: reviewRequests.hireAnswer,
      withdrawnAt: leads.withdrawnAt,
      erasedAt: leads.erasedAt,
      // Said on the request's page already (docs/decisions/0128-request-page-and-replies.md): not asked again.
      hiredOnPage: sql<boolean>`exists (select 1 from ${homeownerAnswers} where ${homeownerAnswers.leadId} = ${leads.id} and ${homeownerAnswers.answer} = 'hired')`,
      reviewId: reviews.id,
    })
    .from(leadDeliveries)
    .innerJoin(leads, leadOfDelivery)
    .innerJoin(contractors, contractorOfDelivery)
    .leftJoin(contractorAccounts, accountOfContractor)
    .leftJoin(reviewRequests, eq(reviewRequests.deliveryId, leadDeliveries.id))
    .leftJoin(reviews, eq(reviews.leadId, leads.id))
    .where(eq(leadDeliveries.id, deliveryId));
  return row ?? null;
}
