import { eq } from 'drizzle-orm';
import { inTransaction, type AppContext } from '../context';
import { leadRefunds } from '../db/schema';
import type { JobRun } from '../jobs/queue';
import { isDemoProvider } from '../integrations/payments/demo';
import { PaymentProviderError } from '../integrations/payments/provider';
import { processEvent } from './payment-webhooks';
import { applyProviderRefunds, markRefundFailed, refundIdempotencyKey } from '../leads/refunds';

/**
 * The submit-refund job (docs/decisions/0048-card-refunds.md): asks the provider to refund a card
 * payment, with a key that makes a repeated attempt answer the same refund. The provider not answering
 * is retried with backoff; a refusal (nothing left to refund, say) will not change, so it is recorded
 * as failed at once, as is the last attempt.
 */
export async function submitRefund(ctx: AppContext, refundId: number, job: Pick<JobRun, 'lastAttempt'>): Promise<void> {
  const [r] = await ctx.db.select().from(leadRefunds).where(eq(leadRefunds.id, refundId));
  if (!r || r.method !== 'card' || r.status !== 'pending' || r.providerRefundId || !r.paymentIntentId) return;
  const paymentIntentId = r.paymentIntentId;

  let refund;
  try {
    refund = await ctx.payments.createRefund({
      paymentIntentId,
      amountCents: r.amountCents,
      idempotencyKey: refundIdempotencyKey(r.id),
      metadata: { leadRefundId: String(r.id), deliveryId: String(r.deliveryId) },
    });
  } catch (err) {
    const refused = err instanceof PaymentProviderError && err.reason !== 'unavailable';
    if (!refused && !job.lastAttempt) throw err;
    await inTransaction(ctx, (tx) => markRefundFailed(tx, r.id, err instanceof Error ? err.message : String(err)));
    return;
  }
  await inTransaction(ctx, (tx) => applyProviderRefunds(tx, paymentIntentId, [refund]));

  // Like Stripe, the demo reports the refund as an event on the webhook's path.
  if (isDemoProvider(ctx.payments)) {
    const event = {
      id: `demo_evt_${refund.id}_refunded`,
      type: 'charge.refunded',
      object: { id: `demo_ch_${paymentIntentId}`, object: 'charge', payment_intent: paymentIntentId },
    };
    await processEvent(ctx, event).catch((err: unknown) =>
      ctx.log.warn('demo refund event failed', {
        id: event.id,
        error: err instanceof Error ? err.message : String(err),
      }),
    );
  }
}
