import type { HomeownerFollowUp } from '@shared/schemas/lead-claims';
import type { DbCtx } from '../context';
import { followUpFor } from '../reviews/reviews';

/**
 * The homeowner's follow-up for each claimed delivery (did the contractor contact you, did you hire
 * them), shown beside the claim so the administrator can weigh it
 * (docs/decisions/0046-lead-guarantee.md). The follow-up emails and their answers belong to the
 * reviews feature; this is the one place the claims read them. A page holds at most 100 claims,
 * each asked on its own.
 */
export async function homeownerFollowUps(ctx: DbCtx, deliveryIds: number[]): Promise<Map<number, HomeownerFollowUp>> {
  const answers = await Promise.all(
    deliveryIds.map(async (deliveryId) => [deliveryId, await followUpFor(ctx, { deliveryId })] as const),
  );
  const out = new Map<number, HomeownerFollowUp>();
  for (const [deliveryId, a] of answers) {
    if (a)
      out.set(deliveryId, {
        request: a.request,
        sentAt: a.sentAt,
        answeredAt: a.answeredAt,
        contacted: a.contacted,
        hired: a.hired,
        rating: a.rating,
      });
  }
  return out;
}
