import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { isPaidOrCredited, PAID_OR_CREDITED } from '@shared/schemas/deliveries';
import { creditSummary, planById } from '@shared/plans';
import { centsToDecimal } from '@shared/money';
import { CONTRACTOR_TRANSITIONS } from '@shared/schemas/lead-status';
import { claimDeadline, type PortalClaim } from '@shared/schemas/lead-claims';
import type { PortalLead, PortalProfile, PortalSubscription } from '@shared/schemas/portal';
import { formatLocation } from '@shared/taxonomy';
import { inTransaction, type ServiceCtx } from '../context';
import { onRegistration, registration } from '../db/credential-joins';
import {
  contractorAccounts,
  contractorBilling,
  contractors,
  leadClaims,
  leadDeliveries,
  leadRefunds,
  leadStatusChanges,
  leads,
  type LeadClaimRow,
} from '../db/schema';
import { conflict, notFound, unauthenticated } from '../domain/errors';
import { refreshFreePeriod } from './credits';
import { hideContactDetails, projectSummary } from '../../shared/contact-details';
import { refundDto } from './refunds';
import { repliesOfDeliveries } from './requests/contractor-replies';
import { accountOfContractor, contractorEmail } from '../contractors/contractor-email';
import { claimOfDelivery, leadOfDelivery, refundOfDelivery } from '../db/delivery-joins';
import { readListingTaxonomy } from '../contractors/listing-taxonomy';

/** A claim as its contractor sees it: the administrator's name stays out. */
function portalClaim(c: LeadClaimRow): PortalClaim {
  return {
    id: c.id,
    reason: c.reason,
    details: c.details,
    status: c.status,
    createdAt: c.createdAt.toISOString(),
    decidedAt: c.decidedAt?.toISOString() ?? null,
    note: c.decisionNote,
  };
}

/** Only paid or credited deliveries reveal the customer (docs/decisions/0003-leads-and-deliveries.md); enforced in the query itself. */
const revealed = inArray(leadDeliveries.paymentState, PAID_OR_CREDITED);
const ifRevealed = (col: typeof leads.name | typeof leads.email | typeof leads.phone) =>
  sql<string | null>`case when ${revealed} then ${col} end`;

async function contractorRow(ctx: ServiceCtx, contractorId: number) {
  await refreshFreePeriod(ctx, contractorId);
  const [row] = await ctx.db
    .select({ c: contractors, billing: contractorBilling, licenseNumber: registration.number, email: contractorEmail })
    .from(contractors)
    .innerJoin(contractorBilling, eq(contractorBilling.contractorId, contractors.id))
    .leftJoin(registration, onRegistration)
    .leftJoin(contractorAccounts, accountOfContractor)
    .where(eq(contractors.id, contractorId));
  // A session whose contractor is gone is no session.
  if (!row) throw unauthenticated('Please sign in to the contractor portal');
  return row;
}

export async function getPortalProfile(ctx: ServiceCtx, contractorId: number): Promise<PortalProfile> {
  const { c, billing, licenseNumber, email } = await contractorRow(ctx, contractorId);
  const names = (await readListingTaxonomy(ctx, [contractorId])).get(contractorId)!.services;
  return {
    id: c.id,
    name: c.name,
    email,
    phone: c.phone || null,
    location: formatLocation(c.city, c.state),
    description: c.description,
    services: names.map((n) => n.name),
    rating: c.rating,
    reviewCount: c.reviewCount,
    verified: c.verified,
    licenseNumber,
    isVisible: c.isVisible,
    subscriptionPlan: billing.subscriptionPlan,
    subscriptionStatus: billing.subscriptionStatus,
    monthlyLeadsUsed: billing.monthlyLeadsUsed,
    credits: creditSummary(billing.subscriptionPlan, billing.monthlyLeadsUsed),
    bonusCredits: billing.bonusCredits,
  };
}

export async function getPortalSubscription(ctx: ServiceCtx, contractorId: number): Promise<PortalSubscription> {
  const { c, billing } = await contractorRow(ctx, contractorId);
  return {
    plan: billing.subscriptionPlan,
    planName: planById(billing.subscriptionPlan).name,
    status: billing.subscriptionStatus,
    currentPeriodEnd: billing.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: billing.cancelAtPeriodEnd,
    creditsPeriodStart: billing.creditsPeriodStart.toISOString(),
    credits: creditSummary(billing.subscriptionPlan, billing.monthlyLeadsUsed),
    bonusCredits: billing.bonusCredits,
    featured: c.isFeatured,
    canManageBilling: billing.stripeCustomerId !== null,
  };
}

/** Every live delivery of this contractor, newest first; another contractor's never appear. */
export async function listPortalLeads(ctx: ServiceCtx, contractorId: number, limit?: number): Promise<PortalLead[]> {
  const query = ctx.db
    .select({
      deliveryId: leadDeliveries.id,
      leadId: leads.id,
      serviceNeeded: leads.serviceNeeded,
      location: leads.location,
      budgetRange: leads.budgetRange,
      projectDetails: leads.projectDetails,
      priceCents: leadDeliveries.priceCents,
      paymentState: leadDeliveries.paymentState,
      status: leads.status,
      deliveredAt: leadDeliveries.createdAt,
      withdrawnAt: leads.withdrawnAt,
      erasedAt: leads.erasedAt,
      name: ifRevealed(leads.name),
      email: ifRevealed(leads.email),
      phone: ifRevealed(leads.phone),
      claim: leadClaims,
      refund: leadRefunds,
    })
    .from(leadDeliveries)
    .innerJoin(leads, leadOfDelivery)
    .leftJoin(leadClaims, claimOfDelivery)
    .leftJoin(leadRefunds, refundOfDelivery)
    .where(and(eq(leadDeliveries.contractorId, contractorId), sql`${leadDeliveries.paymentState} <> 'cancelled'`))
    .orderBy(desc(leadDeliveries.createdAt), desc(leadDeliveries.id));
  const rows = await (limit ? query.limit(limit) : query);
  const replies = await repliesOfDeliveries(
    ctx,
    rows.map((r) => r.deliveryId),
  );
  const now = ctx.clock.now();
  return rows.map((r) => {
    const paid = isPaidOrCredited(r.paymentState);
    const deadline = claimDeadline(r.deliveredAt);
    return {
      deliveryId: r.deliveryId,
      leadId: r.leadId,
      serviceNeeded: r.serviceNeeded,
      // Free text the customer typed: before payment it may not carry a way to reach them.
      location: paid ? r.location : hideContactDetails(r.location),
      budgetRange: r.budgetRange,
      projectDetails: paid ? r.projectDetails : projectSummary(r.projectDetails),
      price: centsToDecimal(r.priceCents),
      paymentState: r.paymentState,
      status: r.status,
      deliveredAt: r.deliveredAt.toISOString(),
      // An erased lead's fields are empty text: there is no one left to show.
      customer:
        paid && !r.erasedAt && r.name !== null && r.email !== null && r.phone !== null
          ? { name: r.name, email: r.email, phone: r.phone }
          : null,
      withdrawnAt: r.withdrawnAt?.toISOString() ?? null,
      erasedAt: r.erasedAt?.toISOString() ?? null,
      claim: r.claim && portalClaim(r.claim),
      refund: r.refund && refundDto(r.refund),
      claimUntil: paid && !r.claim && r.status !== 'won' && now <= deadline ? deadline.toISOString() : null,
      replies: replies.get(r.deliveryId) ?? [],
    };
  });
}

/**
 * The contractor records what happened with a lead it owns and has paid for (or credited):
 * contacted, then won or lost. Someone else's delivery is 'not found', not 'forbidden', so ids
 * reveal nothing.
 */
export async function updatePortalLeadStatus(
  ctx: ServiceCtx,
  contractorId: number,
  deliveryId: number,
  status: 'contacted' | 'won' | 'lost',
): Promise<PortalLead> {
  await inTransaction(ctx, async (tx) => {
    const [d] = await tx.db
      .select({ leadId: leadDeliveries.leadId, paymentState: leadDeliveries.paymentState, status: leads.status })
      .from(leadDeliveries)
      .innerJoin(leads, leadOfDelivery)
      .where(
        and(
          eq(leadDeliveries.id, deliveryId),
          eq(leadDeliveries.contractorId, contractorId),
          sql`${leadDeliveries.paymentState} <> 'cancelled'`,
        ),
      )
      .for('update', { of: leads });
    if (!d) throw notFound('Lead not found');
    if (!isPaidOrCredited(d.paymentState)) throw conflict('Buy this lead before updating its status');
    if (d.status === status) return;
    if (!CONTRACTOR_TRANSITIONS[d.status].includes(status))
      throw conflict(`A ${d.status} lead cannot be marked ${status}`);
    // Won or lost closes the lead: its homeowner's details are erased LEAD_RETENTION_DAYS later (docs/decisions/0114-homeowner-privacy.md).
    await tx.db
      .update(leads)
      .set({ status, closedAt: status === 'contacted' ? null : tx.clock.now() })
      .where(eq(leads.id, d.leadId));
    // When it happened, for the stats (time to contact, wins per month; docs/decisions/0061-contractor-stats.md).
    await tx.db.insert(leadStatusChanges).values({ deliveryId, status, changedAt: tx.clock.now() });
  });
  const lead = (await listPortalLeads(ctx, contractorId)).find((l) => l.deliveryId === deliveryId);
  if (!lead) throw notFound('Lead not found');
  return lead;
}
