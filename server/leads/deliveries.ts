import { and, desc, eq, isNull } from 'drizzle-orm';
import { centsToDecimal } from '@shared/money';
import type { DeliveryDto } from '@shared/schemas/deliveries';
import { WITHDRAWN_LEAD } from '@shared/schemas/lead-withdrawal';
import { inTransaction, type AppContext, type DbCtx } from '../context';
import type { Executor } from '../db/client';
import { contractorAccounts, contractors, leadDeliveries, leads } from '../db/schema';
import type { AdminScope } from '../domain/actors';
import { conflict, notFound } from '../domain/errors';
import { contractorInScope, inScope } from '../counties/admin-scope';
import { takeCredit } from './credits';
import { deliveryEmail, sendReceipt, sendToContractor } from './lead-emails';
import { quotePrice } from './pricing/quote';
import { countySiteWords } from '../counties/counties';
import { scheduleFollowUp } from '../reviews/review-follow-ups';
import { accountOfContractor, contractorEmail } from '../contractors/contractor-email';

/** Lead delivery (docs/decisions/0003-leads-and-deliveries.md): one lead to one approved contractor, priced for it (docs/decisions/0004-lead-prices.md), settled by a credit or a payment. */

const ALREADY_DELIVERED = 'This lead has already been delivered';

const dtoColumns = {
  id: leadDeliveries.id,
  leadId: leadDeliveries.leadId,
  contractorId: leadDeliveries.contractorId,
  contractorName: contractors.name,
  priceCents: leadDeliveries.priceCents,
  paymentState: leadDeliveries.paymentState,
  leadStatus: leads.status,
  serviceNeeded: leads.serviceNeeded,
  location: leads.location,
  createdAt: leadDeliveries.createdAt,
  paidAt: leadDeliveries.paidAt,
  creditedAt: leadDeliveries.creditedAt,
};

type DtoRow = Awaited<ReturnType<typeof selectDeliveries>>[number];

function toDto(r: DtoRow): DeliveryDto {
  return {
    id: r.id,
    leadId: r.leadId,
    contractorId: r.contractorId,
    contractorName: r.contractorName,
    price: centsToDecimal(r.priceCents),
    paymentState: r.paymentState,
    leadStatus: r.leadStatus,
    serviceNeeded: r.serviceNeeded,
    location: r.location,
    createdAt: r.createdAt.toISOString(),
    paidAt: r.paidAt?.toISOString() ?? null,
    creditedAt: r.creditedAt?.toISOString() ?? null,
  };
}

function selectDeliveries(db: Executor) {
  return db.select(dtoColumns).from(leadDeliveries).innerJoin(contractors, eq(contractors.id, leadDeliveries.contractorId)).innerJoin(leads, eq(leads.id, leadDeliveries.leadId));
}

async function deliveryById(db: Executor, id: number): Promise<DeliveryDto> {
  const [row] = await selectDeliveries(db).where(eq(leadDeliveries.id, id));
  if (!row) throw notFound('Delivery not found');
  return toDto(row);
}

/** Drizzle wraps the driver's error; the SQLSTATE is on a cause. */
function isUniqueViolation(err: unknown): boolean {
  for (let e = err, i = 0; e && typeof e === 'object' && i < 5; e = (e as { cause?: unknown }).cause, i++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * Delivers a lead. Exclusivity rests on the conditional UPDATE of the lead (concurrent callers
 * queue on its row lock and find it no longer new) and, underneath, on the partial unique index
 * of live deliveries.
 */
export async function deliverLead(ctx: AppContext, scope: AdminScope, input: { leadId: number; contractorId: number }): Promise<DeliveryDto> {
  return inTransaction(ctx, async (tx) => {
    const [contractor] = await tx.db
      .select({ id: contractors.id, name: contractors.name, email: contractorEmail, approvalStatus: contractors.approvalStatus })
      .from(contractors)
      .leftJoin(contractorAccounts, accountOfContractor)
      .where(and(eq(contractors.id, input.contractorId), contractorInScope(scope, contractors.id)));
    if (!contractor) throw notFound('Contractor not found');
    if (contractor.approvalStatus !== 'approved') throw conflict('Only approved contractors can receive leads');

    const [lead] = await tx.db
      .update(leads)
      .set({ status: 'delivered', updatedAt: tx.clock.now() })
      // A withdrawn or erased lead is offered to no one (docs/decisions/0114-homeowner-privacy.md).
      .where(and(eq(leads.id, input.leadId), eq(leads.status, 'new'), isNull(leads.withdrawnAt), isNull(leads.erasedAt), inScope(scope, leads.regionId)))
      .returning();
    if (!lead) {
      // Another county's lead is not found, whatever its state.
      const [exists] = await tx.db
        .select({ id: leads.id, withdrawnAt: leads.withdrawnAt, erasedAt: leads.erasedAt })
        .from(leads)
        .where(and(eq(leads.id, input.leadId), inScope(scope, leads.regionId)));
      if (!exists) throw notFound('Lead not found');
      throw conflict(exists.withdrawnAt ? WITHDRAWN_LEAD : exists.erasedAt ? 'This lead was erased under the retention policy' : ALREADY_DELIVERED);
    }

    const price = await quotePrice(tx, lead.regionId, {
      serviceSlugs: lead.serviceSlugs,
      // The lead's own town: location rules name towns by id (docs/decisions/0107-pricing-per-county.md).
      townId: lead.townId,
      contractorId: contractor.id,
    });
    const credited = await takeCredit(tx, contractor.id);
    const now = tx.clock.now();
    let inserted;
    try {
      [inserted] = await tx.db
        .insert(leadDeliveries)
        .values({
          leadId: lead.id,
          contractorId: contractor.id,
          priceCents: price.priceCents,
          paymentState: credited ? 'credited' : 'awaiting_payment',
          creditedAt: credited ? now : null,
        })
        .returning({ id: leadDeliveries.id });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(ALREADY_DELIVERED);
      throw err;
    }
    const delivery = await deliveryById(tx.db, inserted!.id);
    // The email commits with the delivery (docs/decisions/0087-transactional-outbox.md) and links
    // to the lead's county's site (docs/decisions/0106-county-emails-and-jobs.md).
    const { siteUrl } = await countySiteWords(tx, { id: lead.regionId });
    await sendToContractor(tx, { id: contractor.id, email: contractor.email }, 'lead-delivered', { ...deliveryEmail(siteUrl, lead, delivery), regionId: lead.regionId });
    // Credited is settled: the homeowner's follow-up is queued with it (docs/decisions/0050-review-follow-up.md).
    if (credited) await scheduleFollowUp(tx, delivery.id);
    return delivery;
  });
}

/** A contractor's deliveries of the administrator's counties' leads, newest first. */
export async function listContractorDeliveries(ctx: DbCtx, scope: AdminScope, contractorId: number): Promise<DeliveryDto[]> {
  const { db } = ctx;
  const [contractor] = await db.select({ id: contractors.id }).from(contractors).where(eq(contractors.id, contractorId));
  if (!contractor) throw notFound('Contractor not found');
  const rows = await selectDeliveries(db)
    .where(and(eq(leadDeliveries.contractorId, contractorId), inScope(scope, leads.regionId)))
    // NULLS LAST as in lead_deliveries_contractor_id_idx, so the index gives the order.
    .orderBy(desc(leadDeliveries.createdAt), desc(leadDeliveries.id));
  return rows.map(toDto);
}

/**
 * Records a payment the administrator took outside the card form. The contractor has now paid,
 * so it is sent the customer's contact details (docs/decisions/0040-delivery-emails.md).
 */
export async function markDeliveryPaid(ctx: AppContext, deliveryId: number): Promise<DeliveryDto> {
  return inTransaction(ctx, async (tx) => {
    const [updated] = await tx.db
      .update(leadDeliveries)
      .set({ paymentState: 'paid', paidAt: tx.clock.now() })
      .where(and(eq(leadDeliveries.id, deliveryId), eq(leadDeliveries.paymentState, 'awaiting_payment')))
      .returning({ id: leadDeliveries.id });
    if (!updated) {
      const [exists] = await tx.db.select({ id: leadDeliveries.id }).from(leadDeliveries).where(eq(leadDeliveries.id, deliveryId));
      throw exists ? conflict('Only deliveries awaiting payment can be marked paid') : notFound('Delivery not found');
    }
    await sendReceipt(tx, deliveryId);
    await scheduleFollowUp(tx, deliveryId);
    return deliveryById(tx.db, deliveryId);
  });
}
