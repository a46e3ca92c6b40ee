import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { centsToDecimal } from '@shared/money';
import type { DeliveryDto } from '@shared/schemas/deliveries';
import { WITHDRAWN_LEAD } from '@shared/schemas/lead-withdrawal';
import type { ReleaseReason } from '@shared/schemas/lead-routing';
import { today } from '../clock';
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
import { cardSpendThisMonth, leadPreferencesRow, takesOf } from '../contractors/lead-preferences';
import { leadFit } from './routing/checks';
import { queueLeadText } from '../notifications/text-delivery';
import { accountOfContractor, contractorEmail } from '../contractors/contractor-email';
import { contractorOfDelivery, leadOfDelivery } from '../db/delivery-joins';

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

// dtoColumns are the answer's fields: what is not converted passes as it is.
function toDto({ priceCents, createdAt, paidAt, creditedAt, ...same }: DtoRow): DeliveryDto {
  return {
    ...same,
    price: centsToDecimal(priceCents),
    createdAt: createdAt.toISOString(),
    paidAt: paidAt?.toISOString() ?? null,
    creditedAt: creditedAt?.toISOString() ?? null,
  };
}

function selectDeliveries(db: Executor) {
  return db
    .select(dtoColumns)
    .from(leadDeliveries)
    .innerJoin(contractors, contractorOfDelivery)
    .innerJoin(leads, leadOfDelivery);
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

/** Who delivers: the automatic routing, or an administrator acting within its scope. */
export type DeliveryActor = { kind: 'system' } | { kind: 'admin'; scope: AdminScope };

/** The lead could not go to that contractor: why (the routing releases it, an administrator is told). */
export class DeliveryRefused extends Error {
  constructor(
    readonly reason: ReleaseReason,
    message: string,
  ) {
    super(message);
  }
}

const REFUSALS: Record<ReleaseReason, string> = {
  paused: 'This contractor is not taking new requests',
  over_cap: 'This lead would take the contractor past its monthly spending cap',
  not_taken: 'This contractor does not take requests for that service or town',
  declined: 'This contractor declined this lead',
  unpaid: 'This lead was released unpaid',
  not_listed: 'Only approved contractors can receive leads',
  unclaimed: 'This business has not claimed its listing yet: there is no one to deliver to',
};

/**
 * Delivers a lead (docs/decisions/0003-leads-and-deliveries.md, 0117-lead-routing.md): the one path
 * of the automatic routing and of an administrator, with the actor recorded. Exclusivity rests on
 * the conditional UPDATE of the lead (concurrent callers queue on its row lock and find it no
 * longer new) and, underneath, on the partial unique index of live deliveries. The contractor's
 * row is locked next, so two leads for its last credit or its last dollars under the cap are
 * settled one after the other. A contractor that cannot take it (paused, not that service or
 * town, over its cap) throws DeliveryRefused and nothing is kept.
 */
export async function settleDelivery(
  ctx: AppContext,
  actor: DeliveryActor,
  input: { leadId: number; contractorId: number },
): Promise<DeliveryDto> {
  const scope = actor.kind === 'admin' ? actor.scope : null;
  const [contractor] = await ctx.db
    .select({
      id: contractors.id,
      name: contractors.name,
      email: contractorEmail,
      approvalStatus: contractors.approvalStatus,
      isVisible: contractors.isVisible,
      unclaimed: sql<boolean>`${contractors.importId} is not null and ${contractors.claimedAt} is null`,
    })
    .from(contractors)
    .leftJoin(contractorAccounts, accountOfContractor)
    .where(and(eq(contractors.id, input.contractorId), scope ? contractorInScope(scope, contractors.id) : undefined));
  if (!contractor) throw notFound('Contractor not found');
  // An administrator may hand a lead to a hidden listing (the specification's flow); the routing only to a listed one.
  if (contractor.approvalStatus !== 'approved' || (actor.kind === 'system' && !contractor.isVisible))
    throw new DeliveryRefused('not_listed', REFUSALS.not_listed);
  // An imported listing has no account and no address that asked for leads (docs/decisions/0131-listing-claims.md).
  if (contractor.unclaimed) throw new DeliveryRefused('unclaimed', REFUSALS.unclaimed);

  const now = ctx.clock.now();
  const [lead] = await ctx.db
    .update(leads)
    .set({ status: 'delivered', routing: 'delivered', routingReason: null, routedAt: now, updatedAt: now })
    // A withdrawn or erased lead is offered to no one (docs/decisions/0114-homeowner-privacy.md); a released or rejected one is closed.
    .where(
      and(
        eq(leads.id, input.leadId),
        eq(leads.status, 'new'),
        inArray(leads.routing, ['pending', 'held']),
        isNull(leads.withdrawnAt),
        isNull(leads.erasedAt),
        scope ? inScope(scope, leads.regionId) : undefined,
      ),
    )
    .returning();
  if (!lead) {
    // Another county's lead is not found, whatever its state.
    const [exists] = await ctx.db
      .select({ id: leads.id, withdrawnAt: leads.withdrawnAt, erasedAt: leads.erasedAt, routing: leads.routing })
      .from(leads)
      .where(and(eq(leads.id, input.leadId), scope ? inScope(scope, leads.regionId) : undefined));
    if (!exists) throw notFound('Lead not found');
    throw conflict(
      exists.withdrawnAt
        ? WITHDRAWN_LEAD
        : exists.erasedAt
          ? 'This lead was erased under the retention policy'
          : exists.routing === 'released'
            ? 'This lead was released: its homeowner was offered other contractors'
            : exists.routing === 'rejected'
              ? 'This lead was rejected'
              : ALREADY_DELIVERED,
    );
  }
  await ctx.db.execute(sql`select 1 from ${contractors} where ${contractors.id} = ${contractor.id} for no key update`);

  const prefs = await leadPreferencesRow(ctx, contractor.id);
  // The routing holds a contractor to the services and towns it takes; an administrator, a person
  // choosing, only to its pause and its cap (docs/decisions/0117-lead-routing.md).
  const takes =
    actor.kind === 'system'
      ? await takesOf(ctx, contractor.id, prefs)
      : { pausedUntil: prefs?.pausedUntil ?? null, serviceSlugs: null, townIds: null };
  const unfit = leadFit(takes, lead, today(ctx.clock));
  if (unfit) throw new DeliveryRefused(unfit, REFUSALS[unfit]);

  const price = await quotePrice(ctx, lead.regionId, {
    serviceSlugs: lead.serviceSlugs,
    // The lead's own town: location rules name towns by id (docs/decisions/0107-pricing-per-county.md).
    townId: lead.townId,
    contractorId: contractor.id,
  });
  const credited = await takeCredit(ctx, contractor.id);
  // A real cap: plan credits do not count, card-paid leads this month (paid or awaiting payment) do.
  if (
    !credited &&
    prefs?.monthlyCapCents != null &&
    (await cardSpendThisMonth(ctx, contractor.id)) + price.priceCents > prefs.monthlyCapCents
  ) {
    throw new DeliveryRefused('over_cap', REFUSALS.over_cap);
  }
  let inserted;
  try {
    [inserted] = await ctx.db
      .insert(leadDeliveries)
      .values({
        leadId: lead.id,
        contractorId: contractor.id,
        priceCents: price.priceCents,
        paymentState: credited ? 'credited' : 'awaiting_payment',
        creditedAt: credited ? now : null,
        deliveredBy: actor.kind === 'system' ? 'system' : actor.scope.username,
      })
      .returning({ id: leadDeliveries.id });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(ALREADY_DELIVERED);
    throw err;
  }
  const delivery = await deliveryById(ctx.db, inserted!.id);
  // The email commits with the delivery (docs/decisions/0087-transactional-outbox.md) and links
  // to the lead's county's site (docs/decisions/0106-county-emails-and-jobs.md).
  const { siteUrl } = await countySiteWords(ctx, { id: lead.regionId });
  await sendToContractor(ctx, { id: contractor.id, email: contractor.email }, 'lead-delivered', {
    ...deliveryEmail(siteUrl, lead, delivery),
    regionId: lead.regionId,
  });
  // A text too, once, when the contractor asked for them (docs/decisions/0118-text-messages.md).
  await queueLeadText(ctx, { deliveryId: delivery.id });
  // Credited is settled: the homeowner's follow-up is queued with it (docs/decisions/0050-review-follow-up.md).
  if (credited) await scheduleFollowUp(ctx, delivery.id);
  return delivery;
}

/** An administrator delivers a lead: the same path as the automatic delivery; a contractor that cannot take it is a conflict. */
export async function deliverLead(
  ctx: AppContext,
  scope: AdminScope,
  input: { leadId: number; contractorId: number },
): Promise<DeliveryDto> {
  try {
    return await inTransaction(ctx, (tx) => settleDelivery(tx, { kind: 'admin', scope }, input));
  } catch (e) {
    if (e instanceof DeliveryRefused) throw conflict(e.message);
    throw e;
  }
}

/** A contractor's deliveries of the administrator's counties' leads, newest first. */
export async function listContractorDeliveries(
  ctx: DbCtx,
  scope: AdminScope,
  contractorId: number,
): Promise<DeliveryDto[]> {
  const { db } = ctx;
  const [contractor] = await db
    .select({ id: contractors.id })
    .from(contractors)
    .where(eq(contractors.id, contractorId));
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
      const [exists] = await tx.db
        .select({ id: leadDeliveries.id })
        .from(leadDeliveries)
        .where(eq(leadDeliveries.id, deliveryId));
      throw exists ? conflict('Only deliveries awaiting payment can be marked paid') : notFound('Delivery not found');
    }
    await sendReceipt(tx, deliveryId);
    await scheduleFollowUp(tx, deliveryId);
    return deliveryById(tx.db, deliveryId);
  });
}
