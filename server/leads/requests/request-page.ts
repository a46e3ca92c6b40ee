import { and, asc, eq, ne } from 'drizzle-orm';
import { isPaidOrCredited } from '@shared/schemas/deliveries';
import { estimateText } from '@shared/schemas/lead-replies';
import type { HomeownerAnswer, RequestEvent, RequestPageAnswer } from '@shared/schemas/request-page';
import type { AppContext, ServiceCtx } from '../../context';
import {
  contractors,
  homeownerAnswers,
  leadAlternatives,
  leadDeliveries,
  leadReplies,
  leads,
  leadStatusChanges,
  reviewRequests,
  type LeadRow,
} from '../../db/schema';
import { notFound } from '../../domain/errors';
import { requestOfToken } from './request-of-token';
import { contractorOfDelivery } from '../../db/delivery-joins';

/** Ties of the same moment read in the order things happen. */
const ORDER: Record<RequestEvent['kind'], number> = {
  sent: 0,
  held: 1,
  'not-passed': 2,
  delivered: 3,
  released: 4,
  called: 5,
  reply: 6,
  marked: 7,
  answer: 8,
  withdrawn: 9,
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
    .innerJoin(contractors, contractorOfDelivery)
    .where(and(eq(leadDeliveries.leadId, leadId), ne(leadDeliveries.paymentState, 'cancelled')));
  return row ?? null;
}

/** The rows a request's story is made of, read side by side. */
async function storyRows(ctx: ServiceCtx, lead: LeadRow) {
  const [[chosen], delivery, replies, answers, alternatives, notContacted] = await Promise.all([
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
    // The follow-up email's "They never contacted me" (its other answers are the page's too).
    ctx.db
      .select({ at: reviewRequests.hireAnsweredAt })
      .from(reviewRequests)
      .innerJoin(leadDeliveries, eq(leadDeliveries.id, reviewRequests.deliveryId))
      .where(and(eq(leadDeliveries.leadId, lead.id), eq(reviewRequests.hireAnswer, 'not_contacted'))),
  ]);
  return { chosen: chosen ?? null, delivery, replies, answers, alternatives, notContacted };
}

/**
 * A request's story, newest first (docs/decisions/0128-request-page-and-replies.md): sent, held or
 * not passed on, delivered (and whether the contractor has the details) or released with its
 * alternatives, the contractor's replies and call marks, the homeowner's answers, withdrawn.
 */
function storyOf(
  lead: LeadRow,
  rows: Awaited<ReturnType<typeof storyRows>>,
  now: Date,
  extra: RequestEvent[] = [],
): RequestEvent[] {
  const { chosen, delivery, replies, answers, alternatives, notContacted } = rows;
  const contractorName = chosen?.name ?? 'the contractor';
  const replier = delivery?.contractorName ?? contractorName;
  const routedAt = (lead.routedAt ?? lead.createdAt).toISOString();
  const events: RequestEvent[] = [{ kind: 'sent', at: lead.createdAt.toISOString(), contractorName }, ...extra];
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
  for (const n of notContacted)
    if (n.at) events.push({ kind: 'answer', at: n.at.toISOString(), answer: 'not_contacted' });
  if (lead.withdrawnAt) events.push({ kind: 'withdrawn', at: lead.withdrawnAt.toISOString() });
  return events.sort((a, b) => b.at.localeCompare(a.at) || ORDER[b.kind] - ORDER[a.kind]);
}

/** What a request's page shows: the story, and the answers the homeowner may still give. */
export async function requestPageOf(
  ctx: ServiceCtx & Pick<AppContext, 'env'>,
  token: string,
  county: string,
): Promise<RequestPageAnswer> {
  const lead = await requestOfToken(ctx, token, county);
  const rows = await storyRows(ctx, lead);
  return {
    serviceNeeded: lead.serviceNeeded,
    location: lead.location,
    contractorName: rows.chosen?.name ?? null,
    contractorId: rows.chosen?.id ?? null,
    askedAt: lead.createdAt.toISOString(),
    withdrawn: lead.withdrawnAt !== null,
    canAnswer: answersOpen(
      lead.withdrawnAt !== null,
      rows.delivery !== null && isPaidOrCredited(rows.delivery.paymentState),
      rows.answers.map((a) => a.answer),
    ),
    events: storyOf(lead, rows, ctx.clock.now()),
  };
}

/**
 * A lead's whole thread for its administrator (the route checks the lead is in the administrator's
 * counties): the homeowner's story and, besides, what the contractor marked it (contacted, won,
 * lost), so a homeowner's "I hired them" beside a contractor's "lost" shows.
 */
export async function leadThread(ctx: ServiceCtx, leadId: number): Promise<RequestEvent[]> {
  const [lead] = await ctx.db.select().from(leads).where(eq(leads.id, leadId));
  if (!lead) throw notFound('Lead not found');
  const [rows, marks] = await Promise.all([
    storyRows(ctx, lead),
    ctx.db
      .select({ status: leadStatusChanges.status, at: leadStatusChanges.changedAt, contractorName: contractors.name })
      .from(leadStatusChanges)
      .innerJoin(leadDeliveries, eq(leadDeliveries.id, leadStatusChanges.deliveryId))
      .innerJoin(contractors, contractorOfDelivery)
      .where(eq(leadDeliveries.leadId, leadId)),
  ]);
  const marked: RequestEvent[] = marks.map((m) => ({
    kind: 'marked',
    at: m.at.toISOString(),
    contractorName: m.contractorName,
    status: m.status,
  }));
  return storyOf(lead, rows, ctx.clock.now(), marked);
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
