import { and, eq, lt, sql } from 'drizzle-orm';
import { inTransaction, type AppContext } from '../../context';
import { contractorAccounts, contractors, leadDeliveries, leads, regions } from '../../db/schema';
import { conflict, notFound } from '../../domain/errors';
import { countySiteWords } from '../../counties/counties';
import { sendToContractor } from '../lead-emails';
import { accountOfContractor, contractorEmail } from '../../contractors/contractor-email';
import { releaseLead } from './release';
import { lockDelivery } from '../delivery-lock';
import { leadOfDelivery } from '../../db/delivery-joins';

/**
 * A delivered lead the contractor neither paid for nor took with a credit within its county's
 * release_after_hours (48 by default), or that it declined from the portal, is released: the
 * delivery is cancelled (nothing was charged), the contractor is told, and the homeowner is
 * offered others (docs/decisions/0117-lead-routing.md).
 */
async function releaseDelivery(tx: AppContext, deliveryId: number, reason: 'unpaid' | 'declined'): Promise<boolean> {
  // The row lock orders this against a payment arriving at the same moment: one of them finds the other's state.
  const d = await lockDelivery(tx, deliveryId);
  if (!d || d.paymentState !== 'awaiting_payment') return false;
  const now = tx.clock.now();
  await tx.db
    .update(leadDeliveries)
    .set({ paymentState: 'cancelled', cancelledAt: now })
    .where(eq(leadDeliveries.id, d.id));
  const [lead] = await tx.db.select().from(leads).where(eq(leads.id, d.leadId));
  const [to] = await tx.db
    .select({ name: contractors.name, email: contractorEmail })
    .from(contractors)
    .leftJoin(contractorAccounts, accountOfContractor)
    .where(eq(contractors.id, d.contractorId));
  if (lead && to) {
    const site = await countySiteWords(tx, { id: lead.regionId });
    const why = reason === 'declined' ? 'You declined it' : 'It was neither paid for nor taken with a credit in time';
    await sendToContractor(tx, { id: d.contractorId, email: to.email }, 'lead-released', {
      regionId: lead.regionId,
      subject: `Lead released: ${lead.serviceNeeded} in ${lead.location}`,
      text: [
        `${why}, so the lead for ${lead.serviceNeeded} in ${lead.location} was released. Nothing was charged.`,
        '',
        `Your leads: ${site.siteUrl}/contractor?section=leads`,
      ].join('\n'),
    });
  }
  if (lead) await releaseLead(tx, lead, reason);
  return true;
}

/** The recurring job: every delivery awaiting payment past its county's limit. Returns how many were released. */
export async function releaseUnpaidLeads(ctx: AppContext): Promise<number> {
  const due = await ctx.db
    .select({ id: leadDeliveries.id })
    .from(leadDeliveries)
    .innerJoin(leads, leadOfDelivery)
    .innerJoin(regions, eq(regions.id, leads.regionId))
    .where(
      and(
        eq(leadDeliveries.paymentState, 'awaiting_payment'),
        lt(
          leadDeliveries.createdAt,
          sql`${ctx.clock.now()}::timestamptz - make_interval(hours => ${regions.releaseAfterHours})`,
        ),
      ),
    )
    .limit(500);
  let released = 0;
  for (const { id } of due) if (await inTransaction(ctx, (tx) => releaseDelivery(tx, id, 'unpaid'))) released++;
  return released;
}

/** POST /api/contractor/leads/:deliveryId/decline: the contractor cannot take a lead it has not paid for. */
export async function declineLead(ctx: AppContext, contractorId: number, deliveryId: number): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const [d] = await tx.db
      .select({ paymentState: leadDeliveries.paymentState })
      .from(leadDeliveries)
      .where(and(eq(leadDeliveries.id, deliveryId), eq(leadDeliveries.contractorId, contractorId)));
    if (!d) throw notFound('Lead not found');
    if (d.paymentState !== 'awaiting_payment')
      throw conflict(
        d.paymentState === 'cancelled'
          ? 'This lead was already released'
          : 'A lead you paid for or took with a credit cannot be declined; you can claim it back if it was not genuine',
      );
    if (!(await releaseDelivery(tx, deliveryId, 'declined'))) throw conflict('This lead was already released');
  });
}
