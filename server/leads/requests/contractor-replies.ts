import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import { isPaidOrCredited } from '@shared/schemas/deliveries';
import { estimateText, type LeadReply, type LeadReplyDto } from '@shared/schemas/lead-replies';
import { longDate } from '@shared/site-calendar';
import { inTransaction, type AppContext, type ServiceCtx } from '../../context';
import {
  contractorAccounts,
  contractors,
  leadDeliveries,
  leadReplies,
  leads,
  leadStatusChanges,
} from '../../db/schema';
import { conflict, notFound } from '../../domain/errors';
import type { LeadReplyRow } from '../../db/schema/lead-replies';
import { accountOfContractor, contractorEmail } from '../../contractors/contractor-email';
import { countySiteWords } from '../../counties/counties';
import { refreshReplyRecords } from '../../contractors/reply-records';
import { queueEmail } from '../../notifications/email-delivery';
import { contractorOfDelivery, leadOfDelivery } from '../../db/delivery-joins';

/** Written replies a lead may carry through the site (docs/decisions/0128-request-page-and-replies.md). */
export const MAX_REPLIES = 10;

export const replyDto = (r: LeadReplyRow): LeadReplyDto => ({
  id: r.id,
  kind: r.kind,
  message: r.message,
  estimate: estimateText({ low: r.estimateLowCents, high: r.estimateHighCents, afterVisit: r.estimateAfterVisit }),
  visitDate: r.visitDate,
  createdAt: r.createdAt.toISOString(),
});

/** The replies and call marks of these deliveries, oldest first, by delivery. */
export async function repliesOfDeliveries(
  ctx: ServiceCtx,
  deliveryIds: number[],
): Promise<Map<number, LeadReplyDto[]>> {
  const byDelivery = new Map<number, LeadReplyDto[]>();
  if (deliveryIds.length === 0) return byDelivery;
  const rows = await ctx.db
    .select()
    .from(leadReplies)
    .where(inArray(leadReplies.deliveryId, deliveryIds))
    .orderBy(asc(leadReplies.createdAt), asc(leadReplies.id));
  for (const r of rows) byDelivery.set(r.deliveryId, [...(byDelivery.get(r.deliveryId) ?? []), replyDto(r)]);
  return byDelivery;
}

/** The estimate as stored: cents of a range, or "after a visit". */
const estimateColumns = (r: LeadReply) => ({
  low: r.estimate === 'range' && r.estimateLow !== null ? r.estimateLow * 100 : null,
  high: r.estimate === 'range' && r.estimateHigh !== null ? r.estimateHigh * 100 : null,
  afterVisit: r.estimate === 'visit',
});

function replyEmail(input: {
  siteTitle: string;
  name: string;
  contractorName: string;
  serviceNeeded: string;
  location: string;
  reply: LeadReply;
}) {
  const { reply: r, contractorName: c } = input;
  const estimate = estimateText(estimateColumns(r));
  return {
    subject: `${c} replied to your request for ${input.serviceNeeded}`,
    text: [
      `Hello ${input.name},`,
      '',
      `${c} replied to your quote request for ${input.serviceNeeded} in ${input.location}:`,
      '',
      r.message,
      '',
      ...(estimate ? [`Estimate: ${estimate}`] : []),
      ...(r.visitDate ? [`Proposed visit: ${longDate(new Date(`${r.visitDate}T12:00:00Z`))}`] : []),
      ...(estimate || r.visitDate ? [''] : []),
      `To answer, reply to this email: your answer goes to ${c} directly.`,
      'The reply is also on your request\u2019s page, linked from your confirmation email.',
      '',
      input.siteTitle,
    ].join('\n'),
  };
}

/**
 * A contractor answers a lead it paid for or took with a credit
 * (docs/decisions/0128-request-page-and-replies.md): a written reply, emailed to the homeowner at
 * once with the contractor's address to answer to and shown on the request's page, or a mark that it
 * called them. The first of either moves a delivered lead to contacted (its time is the lead's
 * response time). Another contractor's delivery is 'not found'.
 */
export async function answerLead(
  ctx: AppContext,
  contractorId: number,
  deliveryId: number,
  reply: LeadReply | 'called',
): Promise<LeadReplyDto> {
  return inTransaction(ctx, async (tx) => {
    const [d] = await tx.db
      .select({
        paymentState: leadDeliveries.paymentState,
        lead: leads,
        contractorName: contractors.name,
        contractorEmail,
      })
      .from(leadDeliveries)
      .innerJoin(leads, leadOfDelivery)
      .innerJoin(contractors, contractorOfDelivery)
      .leftJoin(contractorAccounts, accountOfContractor)
      .where(
        and(
          eq(leadDeliveries.id, deliveryId),
          eq(leadDeliveries.contractorId, contractorId),
          ne(leadDeliveries.paymentState, 'cancelled'),
        ),
      )
      .for('update', { of: leads });
    if (!d) throw notFound('Lead not found');
    if (!isPaidOrCredited(d.paymentState)) throw conflict('Buy this lead before replying to it');
    if (d.lead.erasedAt) throw conflict('This homeowner\u2019s details were erased: the request is closed');
    if (d.lead.withdrawnAt) throw conflict('The homeowner withdrew this request');
    const now = tx.clock.now();
    const written = reply !== 'called';
    // Each written reply is an email to the homeowner: a lead's conversation carries on by email past a few.
    if (written) {
      const [sent] = await tx.db
        .select({ n: count() })
        .from(leadReplies)
        .where(and(eq(leadReplies.deliveryId, deliveryId), eq(leadReplies.kind, 'reply')));
      if ((sent?.n ?? 0) >= MAX_REPLIES)
        throw conflict(`You have sent ${MAX_REPLIES} replies through the site: answer the homeowner by email now`);
    }
    const estimate = written ? estimateColumns(reply) : null;
    const [row] = await tx.db
      .insert(leadReplies)
      .values({
        deliveryId,
        leadId: d.lead.id,
        kind: written ? 'reply' : 'called',
        message: written ? reply.message : null,
        estimateLowCents: estimate?.low ?? null,
        estimateHighCents: estimate?.high ?? null,
        estimateAfterVisit: estimate?.afterVisit ?? false,
        visitDate: written ? reply.visitDate : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    // The profile's reply record follows its first answers (docs/decisions/0128-request-page-and-replies.md).
    await refreshReplyRecords(tx, [contractorId]);
    if (d.lead.status === 'delivered') {
      await tx.db.update(leads).set({ status: 'contacted' }).where(eq(leads.id, d.lead.id));
      await tx.db.insert(leadStatusChanges).values({ deliveryId, status: 'contacted', changedAt: now });
    }
    if (written) {
      const site = await countySiteWords(tx, { id: d.lead.regionId });
      await queueEmail(tx, {
        kind: 'lead-reply',
        to: d.lead.email,
        regionId: d.lead.regionId,
        replyTo: d.contractorEmail,
        ...replyEmail({
          siteTitle: site.siteTitle,
          name: d.lead.name,
          contractorName: d.contractorName,
          serviceNeeded: d.lead.serviceNeeded,
          location: d.lead.location,
          reply,
        }),
      });
    }
    return replyDto(row!);
  });
}
