import { and, asc, eq, ne } from 'drizzle-orm';
import { isPaidOrCredited } from '@shared/schemas/deliveries';
import { estimateText } from '@shared/schemas/lead-replies';
import type { HomeownerAnswer, RequestEvent, RequestPageAnswer } from '@shared/schemas/request-page';
import type { AppContext, ServiceCtx } from '../../context';
import { contractors, homeownerAnswers, leadAlternatives, leadDeliveries, leadReplies } from '../../db/schema';
import { requestOfToken } from './request-of-token';

/** Ties of the same moment read in the order things happen. */
const ORDER: Record<RequestEvent['kind'], number> = {
  sent: 0,
  held: 1,
  'not-passed': 2,
  delivered: 3,
  released: 4,
  called: 5,
  reply: 6,
  answer: 7,
  withdrawn: 8,
};

/** The homeowner's live delivery of this lead, if any, with its contractor's name. */
export async function liveDeliveryOf(ctx: ServiceCtx, leadId: number) {
  const [row] = await ctx.db
    .select({
      id: leadDeliveries.id,
      paymentState: leadDeliveries.paymentState,
      createdAt: leadDeliveries.createdAt,
      contractorName: contractors.name,
    })
    .from(leadDeliveries)
    .innerJoin(contractors, eq(contractors.id, leadDeliveries.contractorId))
    .where(and(eq(leadDeliveries.leadId, leadId), ne(leadDeliveries.paymentState, 'cancelled')));
  return row ?? null;
}

/**
 * What a request's page shows (docs/decisions/0128-request-page-and-replies.md), newest first:
 * sent, held or not passed on, delivered (and whether the contractor has the details) or released
 * with its alternatives, the contractor's replies and call marks, the homeowner's answers, withdrawn.
 */
export async function requestPageOf(
  ctx: ServiceCtx & Pick<AppContext, 'env'>,
  token: string,
  county: string,
): Promise<RequestPageAnswer> {
  const lead = await requestOfToken(ctx, token, county);
  const [[chosen], delivery, replies, answers, alternatives] = await Promise.all([
    lead.requestedContractorId === null
      ? Promise.resolve([])
      : ctx.db
          .select({ id: contractors.id, name: contractors.name })
          .from(contractors)
          .where(eq(contractors.id, lead.requestedContractorId)),
    liveDeliveryOf(ctx, lead.id),
    ctx.db.select().from(leadReplies).where(eq(leadReplies.leadId, lead.id)).orderBy(asc(leadReplies.createdAt)),
    ctx.db.select().from(homeownerAnswers).where(eq(homeownerAnswers.leadId, lead.id)),
    lead.routing === 'released'
      ? ctx.db
          .select({
            id: leadAlternatives.id,
            contractorId: leadAlternatives.contractorId,
            contractorName: contractors.name,
            usedAt: leadAlternatives.usedAt,
            expiresAt: leadAlternatives.expiresAt,
          })
          .from(leadAlternatives)
          .innerJoin(contractors, eq(contractors.id, leadAlternatives.contractorId))
          .where(eq(leadAlternatives.leadId, lead.id))
          .orderBy(asc(leadAlternatives.rank))
      : Promise.resolve([]),
  ]);
  const contractorName = chosen?.name ?? 'the contractor';
  const replier = delivery?.contractorName ?? contractorName;
  const now = ctx.clock.now();
  const routedAt = (lead.routedAt ?? lead.createdAt).toISOString();
  const events: RequestEvent[] = [{ kind: 'sent', at: lead.createdAt.toISOString(), contractorName }];
  if (lead.routing === 'held') events.push({ kind: 'held', at: routedAt });
  if (lead.routing === 'rejected') events.push({ kind: 'not-passed', at: routedAt });
  if (delivery)
    events.push({
      kind: 'delivered',
      at: delivery.createdAt.toISOString(),
      contractorName: delivery.contractorName,
      hasDetails: isPaidOrCredited(delivery.paymentState),
    });
  if (lead.routing === 'released')
    events.push({
      kind: 'released',
      at: routedAt,
      contractorName,
      alternatives: alternatives.map((a) => ({
        id: a.id,
        contractorId: a.contractorId,
        contractorName: a.contractorName,
        state: a.usedAt ? 'used' : a.expiresAt <= now ? 'expired' : 'open',
      })),
    });
  for (const r of replies) {
    const at = r.createdAt.toISOString();
    if (r.kind === 'called') events.push({ kind: 'called', at, contractorName: replier });
    else
      events.push({
        kind: 'reply',
        at,
        contractorName: replier,
        message: r.message,
        estimate: estimateText({
          low: r.estimateLowCents,
          high: r.estimateHighCents,
          afterVisit: r.estimateAfterVisit,
        }),
        visitDate: r.visitDate,
      });
  }
  for (const a of answers) events.push({ kind: 'answer', at: a.createdAt.toISOString(), answer: a.answer });
  if (lead.withdrawnAt) events.push({ kind: 'withdrawn', at: lead.withdrawnAt.toISOString() });
  events.sort((a, b) => b.at.localeCompare(a.at) || ORDER[b.kind] - ORDER[a.kind]);

  return {
    serviceNeeded: lead.serviceNeeded,
    location: lead.location,
    contractorName: chosen?.name ?? null,
    contractorId: chosen?.id ?? null,
    askedAt: lead.createdAt.toISOString(),
    withdrawn: lead.withdrawnAt !== null,
    canAnswer: answersOpen(
      lead.withdrawnAt !== null,
      delivery !== null && isPaidOrCredited(delivery.paymentState),
      answers.map((a) => a.answer),
    ),
    events,
  };
}

/**
 * The answers a homeowner may still give: none on a withdrawn request; "I hired them" once the
 * contractor has the details, and not twice; "I'm still looking" once, and not after hiring.
 */
export function answersOpen(
  withdrawn: boolean,
  contractorHasDetails: boolean,
  given: HomeownerAnswer[],
): HomeownerAnswer[] {
  if (withdrawn || given.includes('hired')) return [];
  const open: HomeownerAnswer[] = [];
  if (contractorHasDetails) open.push('hired');
  if (!given.includes('still_looking')) open.push('still_looking');
  return open;
}
