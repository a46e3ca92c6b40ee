import { and, count, desc, eq } from 'drizzle-orm';
import { isPaidOrCredited } from '@shared/schemas/deliveries';
import { centsToDecimal } from '@shared/money';
import {
  CLAIM_WINDOW_DAYS,
  claimDeadline,
  type AdminLeadClaim,
  type AdminLeadClaimList,
  type claimListQuerySchema,
  type ClaimStatus,
  type leadClaimSchema,
  RECORD_CLAIM_REASON,
} from '@shared/schemas/lead-claims';
import type { PortalLead } from '@shared/schemas/portal';
import type { z } from 'zod';
import { inTransaction, type AppContext, type DbCtx } from '../context';
import type { Executor } from '../db/client';
import { contractors, leadClaims, leadDeliveries, leadRefunds, leads } from '../db/schema';
import { conflict, notFound } from '../domain/errors';
import { homeownerFollowUps } from './claim-follow-ups';
import { sendClaimDecision, sendClaimNotice } from './claim-emails';
import type { AdminActor, AdminScope } from '../domain/actors';
import { inScope } from '../counties/admin-scope';
import { listPortalLeads } from './portal';
import { ALREADY_REFUNDED, refundDto, startRefund } from './refunds';
import { lockDelivery } from './delivery-lock';
import { refreshReplyRecords } from '../contractors/reply-records';
import { homeownerRequest } from './homeowner-request';
import { claimOfDelivery, contractorOfDelivery, leadOfDelivery, refundOfDelivery } from '../db/delivery-joins';

/**
 * The lead guarantee (docs/decisions/0046-lead-guarantee.md): a contractor claims a paid or credited
 * lead as bad within 14 days of its delivery; an administrator approves (what was paid comes back) or
 * denies it, with a note the contractor is emailed. Every step takes the delivery's row lock first, so
 * a claim, a decision and a cancellation of one delivery happen one after the other, and two approvals
 * at once give one refund.
 */

export type ClaimInput = z.output<typeof leadClaimSchema>;
export type ClaimListQuery = z.output<typeof claimListQuerySchema>;

/**
 * POST /api/contractor/leads/:deliveryId/claim. Someone else's delivery, or a cancelled one, is
 * 'not found' as in the rest of the portal, so ids reveal nothing.
 */
export async function createClaim(
  ctx: AppContext,
  contractorId: number,
  deliveryId: number,
  input: ClaimInput,
): Promise<PortalLead> {
  const now = ctx.clock.now();
  await inTransaction(ctx, async (tx) => {
    const d = await lockDelivery(tx, deliveryId);
    if (!d || d.contractorId !== contractorId || d.paymentState === 'cancelled') throw notFound('Lead not found');
    if (!isPaidOrCredited(d.paymentState))
      throw conflict('Only a lead you paid for or took from a plan credit can be claimed');
    const [existing] = await tx.db
      .select({ id: leadClaims.id })
      .from(leadClaims)
      .where(eq(leadClaims.deliveryId, d.id));
    if (existing) throw conflict('This lead has already been claimed');
    if (d.leadStatus === 'won') throw conflict('A lead you marked won cannot be claimed as bad');
    if (now > claimDeadline(d.createdAt))
      throw conflict(
        `Bad leads can be claimed within ${CLAIM_WINDOW_DAYS} days of delivery; the time to claim this one has passed`,
      );

    await tx.db.insert(leadClaims).values({ deliveryId: d.id, reason: input.reason, details: input.details });
    await sendClaimNotice(tx, d.id, input);
  });
  const lead = (await listPortalLeads(ctx, contractorId)).find((l) => l.deliveryId === deliveryId);
  if (!lead) throw notFound('Lead not found');
  return lead;
}

function claimsQuery(db: Executor) {
  return db
    .select({
      claim: leadClaims,
      contractorName: contractors.name,
      lead: leads,
      delivery: leadDeliveries,
      refund: leadRefunds,
    })
    .from(leadClaims)
    .innerJoin(leadDeliveries, claimOfDelivery)
    .innerJoin(leads, leadOfDelivery)
    .innerJoin(contractors, contractorOfDelivery)
    .leftJoin(leadRefunds, refundOfDelivery);
}

type ClaimRow = Awaited<ReturnType<typeof claimsQuery>>[number];

async function toAdminClaims(ctx: DbCtx, rows: ClaimRow[]): Promise<AdminLeadClaim[]> {
  const followUps = await homeownerFollowUps(
    ctx,
    rows.map((r) => r.delivery.id),
  );
  return rows.map(({ claim: c, lead: l, delivery: d, refund, contractorName }) => ({
    id: c.id,
    status: c.status,
    reason: c.reason,
    details: c.details,
    createdAt: c.createdAt.toISOString(),
    decidedAt: c.decidedAt?.toISOString() ?? null,
    decidedBy: c.decidedBy,
    note: c.decisionNote,
    contractor: { id: d.contractorId, name: contractorName },
    lead: {
      id: l.id,
      ...homeownerRequest(l),
      status: l.status,
      createdAt: l.createdAt.toISOString(),
    },
    delivery: {
      id: d.id,
      price: centsToDecimal(d.priceCents),
      paymentState: d.paymentState,
      deliveredAt: d.createdAt.toISOString(),
      paidAt: d.paidAt?.toISOString() ?? null,
      creditedAt: d.creditedAt?.toISOString() ?? null,
      paidByCard: d.paymentState === 'paid' && d.paymentIntentId !== null,
    },
    refund: refund ? refundDto(refund) : null,
    followUp: followUps.get(d.id) ?? null,
  }));
}

/** GET /api/admin/lead-claims: newest first, with the count in each state. */
export async function listClaims(ctx: DbCtx, scope: AdminScope, q: ClaimListQuery): Promise<AdminLeadClaimList> {
  const { db } = ctx;
  const counties = inScope(scope, leads.regionId);
  const where = and(counties, q.status === 'all' ? undefined : eq(leadClaims.status, q.status));
  const [rows, grouped] = await Promise.all([
    claimsQuery(db)
      .where(where)
      .orderBy(desc(leadClaims.createdAt), desc(leadClaims.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    counties
      ? db
          .select({ status: leadClaims.status, n: count() })
          .from(leadClaims)
          .innerJoin(leadDeliveries, claimOfDelivery)
          .innerJoin(leads, leadOfDelivery)
          .where(counties)
          .groupBy(leadClaims.status)
      : db.select({ status: leadClaims.status, n: count() }).from(leadClaims).groupBy(leadClaims.status),
  ]);
  const counts: Record<ClaimStatus, number> = { open: 0, approved: 0, denied: 0 };
  for (const g of grouped) counts[g.status] = Number(g.n);
  const total = q.status === 'all' ? counts.open + counts.approved + counts.denied : counts[q.status];
  return { claims: await toAdminClaims(ctx, rows), total, page: q.page, pageSize: q.pageSize, counts };
}

export async function getClaim(ctx: DbCtx, id: number): Promise<AdminLeadClaim> {
  const rows = await claimsQuery(ctx.db).where(eq(leadClaims.id, id));
  const [claim] = await toAdminClaims(ctx, rows);
  if (!claim) throw notFound('Claim not found');
  return claim;
}

/**
 * POST /api/admin/lead-claims/:id/approve or /deny. Only an open claim can be decided; of two
 * decisions at once the first wins and the second answers 409. Approving gives back what was paid,
 * in the same transaction (a card refund is queued for the provider).
 */
export async function decideClaim(
  ctx: AppContext,
  actor: AdminActor,
  id: number,
  decision: 'approved' | 'denied',
  note: string,
): Promise<AdminLeadClaim> {
  await inTransaction(ctx, async (tx) => {
    const [c] = await tx.db
      .select({ deliveryId: leadClaims.deliveryId, reason: leadClaims.reason })
      .from(leadClaims)
      .where(eq(leadClaims.id, id));
    if (!c) throw notFound('Claim not found');
    const d = await lockDelivery(tx, c.deliveryId);
    if (!d) throw notFound('Claim not found');

    const [decided] = await tx.db
      .update(leadClaims)
      .set({
        status: decision,
        decisionNote: note || null,
        decidedAt: tx.clock.now(),
        decidedByAdminId: actor.adminUserId,
        decidedBy: actor.username,
      })
      .where(and(eq(leadClaims.id, id), eq(leadClaims.status, 'open')))
      .returning({ id: leadClaims.id });
    if (!decided) {
      const [now] = await tx.db.select({ status: leadClaims.status }).from(leadClaims).where(eq(leadClaims.id, id));
      throw conflict(`This claim has already been ${now?.status ?? 'decided'}`);
    }

    let refund = null;
    if (c.reason === RECORD_CLAIM_REASON) {
      // Contesting the reply record: approved, the homeowner's "never contacted" leaves it; nothing is refunded.
      await refreshReplyRecords(tx, [d.contractorId]);
    } else if (decision === 'approved') {
      // A cancellation waits for an open claim, so a claimed delivery is still paid or credited.
      if (d.paymentState === 'cancelled') throw conflict('This delivery was cancelled');
      refund = await startRefund(tx, d, 'claim');
      if (!refund) throw conflict(ALREADY_REFUNDED);
    }
    await sendClaimDecision(tx, d.id, {
      status: decision,
      reason: c.reason,
      note,
      refund: refund && { method: refund.method, amountCents: refund.amountCents },
    });
  });
  return getClaim(ctx, id);
}

/** Whether the delivery has a claim waiting for a decision (a cancellation waits for it). */
export async function hasOpenClaim(ctx: DbCtx, deliveryId: number): Promise<boolean> {
  const [open] = await ctx.db
    .select({ id: leadClaims.id })
    .from(leadClaims)
    .where(and(eq(leadClaims.deliveryId, deliveryId), eq(leadClaims.status, 'open')));
  return open !== undefined;
}
