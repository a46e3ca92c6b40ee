import { and, desc, eq, sql } from 'drizzle-orm';
import { centsToDecimal } from '@shared/money';
import type { PaymentState } from '@shared/schemas/deliveries';
import type { PaymentIntentResponse, PaymentSuccessResponse } from '@shared/schemas/payments';
import { inTransaction, type AppContext } from '../context';
import type { Executor } from '../db/client';
import { leadDeliveries, leads } from '../db/schema';
import { leadOfDelivery } from '../db/delivery-joins';
import { conflict, notFound } from '../domain/errors';
import { metadataId, PaymentProviderError, type PaymentIntentInfo } from '../integrations/payments/provider';
import { sendCancellation } from '../leads/claim-emails';
import { sendReceipt } from '../leads/lead-emails';
import { hideContactDetails } from '../../shared/contact-details';
import { scheduleFollowUp } from '../reviews/review-follow-ups';
import { fromProvider, providerError } from './provider-errors';
import { startRefund } from '../leads/refunds';

/**
 * Paying for one lead by card (docs/decisions/0007-payment-provider.md). The amount is always the
 * delivery's price from the database, and a delivery becomes paid only when the provider says its
 * intent succeeded, whoever reports it first: the success page or the webhook.
 */

const NOT_SUCCEEDED = 'Payment has not succeeded';
const MISMATCH = 'Payment does not match this lead';
const CANCELLED_THEN_PAID = 'This delivery was cancelled, so your payment is being refunded';

const STATE_CONFLICT: Record<Exclude<PaymentState, 'awaiting_payment'>, string> = {
  paid: 'This lead has already been paid for',
  credited: 'This lead was taken from a plan credit',
  cancelled: 'This delivery was cancelled',
};

function assertAwaiting(state: PaymentState): void {
  if (state !== 'awaiting_payment') throw conflict(STATE_CONFLICT[state]);
}

/** The buy-lead page shows the customer's first name only; the rest is what is being bought. */
export const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

/** A key per delivery and price, so a reload of the purchase page finds the same intent. */
export const leadIdempotencyKey = (deliveryId: number, priceCents: number) =>
  `lead-delivery-${deliveryId}-${priceCents}`;

export async function startLeadPayment(
  ctx: AppContext,
  input: { leadId: number; contractorId: number },
): Promise<PaymentIntentResponse> {
  // The live delivery when there is one, else the latest cancelled one (to say so).
  const [d] = await ctx.db
    .select({
      id: leadDeliveries.id,
      priceCents: leadDeliveries.priceCents,
      paymentState: leadDeliveries.paymentState,
      paymentIntentId: leadDeliveries.paymentIntentId,
      name: leads.name,
      serviceNeeded: leads.serviceNeeded,
      location: leads.location,
    })
    .from(leadDeliveries)
    .innerJoin(leads, leadOfDelivery)
    .where(and(eq(leadDeliveries.leadId, input.leadId), eq(leadDeliveries.contractorId, input.contractorId)))
    .orderBy(sql`${leadDeliveries.paymentState} = 'cancelled'`, desc(leadDeliveries.id))
    .limit(1);
  if (!d) throw notFound('No delivery of this lead to this contractor');
  assertAwaiting(d.paymentState);

  const intent = await intentFor(ctx, {
    id: d.id,
    leadId: input.leadId,
    contractorId: input.contractorId,
    priceCents: d.priceCents,
    paymentIntentId: d.paymentIntentId,
  });
  if (intent.id !== d.paymentIntentId) {
    const [stored] = await ctx.db
      .update(leadDeliveries)
      .set({ paymentIntentId: intent.id })
      .where(and(eq(leadDeliveries.id, d.id), eq(leadDeliveries.paymentState, 'awaiting_payment')))
      .returning({ id: leadDeliveries.id });
    if (!stored) assertAwaiting((await deliveryState(ctx.db, d.id)) ?? 'cancelled');
  }
  return {
    clientSecret: intent.clientSecret,
    paymentIntentId: intent.id,
    leadDetails: {
      customerName: hideContactDetails(firstName(d.name)),
      serviceNeeded: d.serviceNeeded,
      location: hideContactDetails(d.location),
      price: centsToDecimal(d.priceCents),
    },
    provider: ctx.payments.kind,
  };
}

interface PayableDelivery {
  id: number;
  leadId: number;
  contractorId: number;
  priceCents: number;
  paymentIntentId: string | null;
}

/** The delivery's intent: the stored one while it can still be paid at this price, else a new one. */
async function intentFor(ctx: AppContext, d: PayableDelivery): Promise<PaymentIntentInfo> {
  let key = leadIdempotencyKey(d.id, d.priceCents);
  if (d.paymentIntentId) {
    const existing = await ctx.payments.retrievePaymentIntent(d.paymentIntentId).catch((err: unknown) => {
      if (err instanceof PaymentProviderError && err.reason === 'not_found') return null;
      throw providerError(ctx, err, 'Payment not found');
    });
    if (existing?.status === 'succeeded') {
      // Paid, but neither the success page nor the webhook has told us yet: settle it now.
      await confirmIntent(ctx, existing);
      throw conflict(STATE_CONFLICT.paid);
    }
    if (
      existing &&
      existing.status !== 'canceled' &&
      existing.amountCents === d.priceCents &&
      existing.currency === 'usd'
    )
      return existing;
    // A cancelled intent keeps its key at the provider; the next one needs its own.
    if (existing) key = `${key}-after-${existing.id}`;
  }
  return fromProvider(
    ctx,
    ctx.payments.createPaymentIntent({
      amountCents: d.priceCents,
      currency: 'usd',
      idempotencyKey: key,
      metadata: { deliveryId: String(d.id), leadId: String(d.leadId), contractorId: String(d.contractorId) },
      description: `Lead #${d.leadId}`,
    }),
    'Payment not found',
  );
}

async function deliveryState(db: Executor, id: number): Promise<PaymentState | null> {
  const [row] = await db
    .select({ state: leadDeliveries.paymentState })
    .from(leadDeliveries)
    .where(eq(leadDeliveries.id, id));
  return row?.state ?? null;
}

export interface LeadSettlement {
  result: PaymentSuccessResponse;
  /** The delivery this call moved to paid (its receipt is to be sent), or null when it already was. */
  paidNow: number | null;
  /** The delivery was cancelled before the payment came: the payment is refunded instead. */
  cancelled?: true;
}

/**
 * Marks the intent's delivery paid, once. The intent must have succeeded, in dollars, for this
 * delivery's stored intent and exact price; otherwise nothing is written. The one conditional
 * UPDATE decides between concurrent callers: only the one that changed the row sends a receipt.
 * A delivery cancelled before its payment came has the payment refunded instead. Runs in the
 * caller's transaction (ctx.db).
 */
export async function applyLeadPayment(ctx: AppContext, intent: PaymentIntentInfo): Promise<LeadSettlement> {
  const { db } = ctx;
  if (intent.status !== 'succeeded') throw conflict(NOT_SUCCEEDED);
  const deliveryId = metadataId(intent.metadata.deliveryId);
  if (intent.currency !== 'usd' || deliveryId === null) throw conflict(MISMATCH);
  const [d] = await db
    .select({
      id: leadDeliveries.id,
      leadId: leadDeliveries.leadId,
      contractorId: leadDeliveries.contractorId,
      priceCents: leadDeliveries.priceCents,
      paymentIntentId: leadDeliveries.paymentIntentId,
    })
    .from(leadDeliveries)
    .where(eq(leadDeliveries.id, deliveryId));
  if (!d || d.paymentIntentId !== intent.id || d.priceCents !== intent.amountCents) throw conflict(MISMATCH);

  const result: PaymentSuccessResponse = { status: 'paid', leadId: d.leadId, contractorId: d.contractorId };
  const [updated] = await db
    .update(leadDeliveries)
    .set({ paymentState: 'paid', paidAt: ctx.clock.now() })
    .where(
      and(
        eq(leadDeliveries.id, d.id),
        eq(leadDeliveries.paymentState, 'awaiting_payment'),
        eq(leadDeliveries.paymentIntentId, intent.id),
      ),
    )
    .returning({ id: leadDeliveries.id });
  if (updated) return { result, paidNow: d.id };
  const state = (await deliveryState(db, d.id)) ?? 'cancelled';
  if (state === 'paid') return { result, paidNow: null };
  if (state === 'cancelled') {
    // Paid after the administrator cancelled the delivery: the money goes back (docs/decisions/0049-cancelled-deliveries.md), once.
    const refund = await startRefund(
      ctx,
      {
        id: d.id,
        contractorId: d.contractorId,
        priceCents: d.priceCents,
        paymentState: 'paid',
        paymentIntentId: intent.id,
      },
      'cancellation',
    );
    if (refund) await sendCancellation(ctx, d.id, 'paid-late');
    return { result, paidNow: null, cancelled: true };
  }
  throw conflict(state === 'awaiting_payment' ? MISMATCH : STATE_CONFLICT[state]);
}

async function confirmIntent(ctx: AppContext, intent: PaymentIntentInfo): Promise<PaymentSuccessResponse> {
  // The receipt commits with the payment it confirms (docs/decisions/0087-transactional-outbox.md).
  const settled = await inTransaction(ctx, async (tx) => {
    const settlement = await applyLeadPayment(tx, intent);
    if (settlement.paidNow !== null) await sendReceipt(tx, settlement.paidNow);
    if (settlement.paidNow !== null) await scheduleFollowUp(tx, settlement.paidNow);
    return settlement;
  });
  if (settled.cancelled) throw conflict(CANCELLED_THEN_PAID);
  return settled.result;
}

/** POST /api/stripe/payment-success: the browser says it paid; the provider is asked. */
export async function confirmLeadPayment(ctx: AppContext, paymentIntentId: string): Promise<PaymentSuccessResponse> {
  const intent = await fromProvider(ctx, ctx.payments.retrievePaymentIntent(paymentIntentId), 'Payment not found');
  return confirmIntent(ctx, intent);
}
