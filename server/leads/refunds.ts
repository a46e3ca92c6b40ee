import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { centsToDecimal, formatMoney } from '@shared/money';
import type { PaymentState } from '@shared/schemas/deliveries';
import type { RefundCause, RefundDto } from '@shared/schemas/lead-claims';
import { sqlNow } from '../clock';
import type { AppContext } from '../context';
import { leadRefunds, type LeadRefundRow } from '../db/schema';
import { conflict } from '../domain/errors';
import { metadataId, type RefundInfo } from '../integrations/payments/provider';
import { notifyAdmin } from '../notifications/admin-notices';
import { returnCredit } from './credits';

/**
 * Giving back what a delivery cost (docs/decisions/0047-bonus-credits.md), after an approved claim or
 * a cancellation. A plan credit comes back at once as a bonus credit; a card payment is refunded
 * through the payment provider by the submit-refund job (queued with the change, so a crash cannot
 * lose it, and outside any transaction, as every provider call is), and is pending until the provider
 * says it succeeded: in its answer, or in a charge.refunded event read back from it.
 */

export const SUBMIT_REFUND = 'submit-refund';

export interface SubmitRefundJob {
  refundId: number;
}

/** The same key answers the same refund, so a job retried after a crash refunds once. */
export const refundIdempotencyKey = (refundId: number) => `lead-refund-${refundId}`;

export interface RefundableDelivery {
  id: number;
  contractorId: number;
  priceCents: number;
  paymentState: PaymentState;
  paymentIntentId: string | null;
}

export const ALREADY_REFUNDED = 'This lead has already been refunded';

/**
 * Records the refund of a paid or credited delivery and starts it, in the caller's transaction
 * (ctx.db, which holds the delivery's row lock). The unique delivery id makes it once, whatever
 * races: null when the delivery already has one.
 */
export async function startRefund(
  ctx: Pick<AppContext, 'db' | 'clock' | 'jobs'>,
  d: RefundableDelivery,
  cause: RefundCause,
): Promise<LeadRefundRow | null> {
  const base = { deliveryId: d.id, cause, amountCents: d.priceCents };
  let values: typeof leadRefunds.$inferInsert;
  if (d.paymentState === 'credited')
    values = { ...base, method: 'credit', status: 'succeeded', refundedAt: ctx.clock.now() };
  else if (d.paymentState === 'paid' && d.paymentIntentId)
    values = { ...base, method: 'card', status: 'pending', paymentIntentId: d.paymentIntentId };
  // Recorded by the administrator as paid outside the site: given back the same way, by them.
  else if (d.paymentState === 'paid')
    values = { ...base, method: 'offline', status: 'succeeded', refundedAt: ctx.clock.now() };
  else throw conflict('Only a lead that was paid for or taken from a plan credit can be refunded');

  const [row] = await ctx.db
    .insert(leadRefunds)
    .values(values)
    .onConflictDoNothing({ target: leadRefunds.deliveryId })
    .returning();
  if (!row) return null;
  if (row.method === 'credit') await returnCredit(ctx, d.contractorId);
  if (row.method === 'card') await ctx.jobs.send(SUBMIT_REFUND, { refundId: row.id } satisfies SubmitRefundJob, ctx.db);
  return row;
}

export function refundDto(
  r: Pick<LeadRefundRow, 'method' | 'cause' | 'status' | 'amountCents' | 'refundedAt' | 'failureReason'>,
): RefundDto {
  return {
    method: r.method,
    cause: r.cause,
    status: r.status,
    amount: centsToDecimal(r.amountCents),
    refundedAt: r.refundedAt?.toISOString() ?? null,
    failureReason: r.failureReason,
  };
}

const FAILURE_REASON_LENGTH = 300;

/** What recording a provider's answer needs: the transaction (ctx.db), the log, and the administrator's notice. */
type RefundCtx = Pick<AppContext, 'db' | 'clock' | 'log' | 'mail' | 'jobs' | 'env'>;

/** A card refund the provider could not make: recorded, and the administrator told (they settle it at the provider), in the caller's transaction (ctx.db). */
export async function markRefundFailed(
  ctx: RefundCtx,
  refundId: number,
  reason: string,
  where = eq(leadRefunds.id, refundId),
): Promise<boolean> {
  const [failed] = await ctx.db
    .update(leadRefunds)
    .set({ status: 'failed', failureReason: reason.slice(0, FAILURE_REASON_LENGTH) })
    .where(and(where, ne(leadRefunds.status, 'failed')))
    .returning();
  if (!failed) return false;
  ctx.log.warn('card refund failed', { refundId, deliveryId: failed.deliveryId, reason });
  await notifyAdmin(ctx, {
    kind: 'refund-failed',
    subject: `Refund failed: ${formatMoney(failed.amountCents)} for delivery #${failed.deliveryId}`,
    text: [
      `The card refund of ${formatMoney(failed.amountCents)} for lead delivery #${failed.deliveryId} could not be made.`,
      `The payment provider said: ${reason}`,
      '',
      `Payment: ${failed.paymentIntentId ?? 'none'}${failed.providerRefundId ? `, refund ${failed.providerRefundId}` : ''}`,
      "Please refund it from the payment provider's dashboard, or contact the contractor.",
    ].join('\n'),
  });
  return true;
}

/**
 * Brings our card refunds in line with what the provider says about them now (its answer to the
 * create call, or its refunds read back after an event), in any order and any number of times:
 * a refund is matched by the row id in its metadata, for the same payment and amount, so
 * whichever answer arrives first counts and the others change nothing. Refunds without our
 * metadata (made in the provider's dashboard) are not ours to record.
 */
export async function applyProviderRefunds(
  ctx: RefundCtx,
  paymentIntentId: string,
  refunds: RefundInfo[],
): Promise<void> {
  for (const r of refunds) {
    const id = metadataId(r.metadata.leadRefundId);
    if (id === null || r.currency !== 'usd' || (r.paymentIntentId ?? paymentIntentId) !== paymentIntentId) continue;
    const ours = and(
      eq(leadRefunds.id, id),
      eq(leadRefunds.method, 'card'),
      eq(leadRefunds.paymentIntentId, paymentIntentId),
      eq(leadRefunds.amountCents, r.amountCents),
      or(isNull(leadRefunds.providerRefundId), eq(leadRefunds.providerRefundId, r.id)),
    );
    await ctx.db
      .update(leadRefunds)
      .set({ providerRefundId: r.id })
      .where(and(ours, isNull(leadRefunds.providerRefundId)));
    if (r.status === 'succeeded') {
      await ctx.db
        .update(leadRefunds)
        .set({
          status: 'succeeded',
          failureReason: null,
          refundedAt: sql`coalesce(${leadRefunds.refundedAt}, ${sqlNow(ctx.clock)})`,
        })
        .where(and(ours, ne(leadRefunds.status, 'succeeded')));
    } else if (r.status === 'failed' || r.status === 'canceled') {
      await markRefundFailed(ctx, id, r.failureReason ?? `The refund was ${r.status}`, ours);
    }
  }
}
