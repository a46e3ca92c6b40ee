import { eq } from 'drizzle-orm';
import { inTransaction, type AppContext } from '../context';
import { paymentEvents } from '../db/schema';
import { invalid } from '../domain/errors';
import {
  metadataId,
  PaymentProviderError,
  WebhookSignatureError,
  type WebhookEvent,
} from '../integrations/payments/provider';
import { sendReceipt } from '../leads/lead-emails';
import { applyLeadPayment } from './lead-payments';
import { fromProvider, isPermanent, providerError } from './provider-errors';
import { scheduleFollowUp } from '../reviews/review-follow-ups';
import { recordPlanPayment } from './plan-payments';
import { applyProviderRefunds } from '../leads/refunds';
import { applySubscription, fetchSubscription, prepareActivation, resetCreditsFor } from './subscriptions';

/**
 * Provider events (docs/decisions/0044-provider-events.md): verified, applied once (the event id is
 * recorded in the same transaction as its effects, so a replay changes nothing and a failure leaves it
 * for the provider's retry), and safe in any order (each handler reads the current state back from the
 * provider). Provider calls happen before the transaction, never while it holds locks.
 */

/** What is done after the commit: emails. */
interface Effects {
  receipts: number[];
}

/** An event's effects, applied in the transaction that records it (tx.db). */
type Apply = (tx: AppContext) => Promise<Effects>;

const none: Effects = { receipts: [] };
const noop: Apply = async () => none;

const str = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);
const idOf = (v: unknown): string | null =>
  str(v) ?? (v && typeof v === 'object' ? str((v as { id?: unknown }).id) : null);

/** The invoice's subscription, where current API versions (parent) and older ones put it. */
function invoiceSubscriptionId(invoice: Record<string, unknown>): string | null {
  const parent = invoice.parent as { subscription_details?: { subscription?: unknown } } | null | undefined;
  return idOf(parent?.subscription_details?.subscription) ?? idOf(invoice.subscription);
}

async function prepare(ctx: AppContext, event: WebhookEvent): Promise<Apply> {
  const objectId = str(event.object.id);
  switch (event.type) {
    case 'checkout.session.completed': {
      if (!objectId) return noop;
      const apply = await prepareActivation(ctx, objectId);
      return async (tx) => (await apply(tx), none);
    }
    case 'invoice.paid': {
      const subscriptionId = invoiceSubscriptionId(event.object);
      if (!objectId || !subscriptionId) return noop;
      const sub = await fetchSubscription(ctx, subscriptionId);
      const invoice = await ctx.payments.retrieveInvoice(objectId).catch((err: unknown) => {
        if (err instanceof PaymentProviderError && err.reason === 'not_found') return null;
        throw providerError(ctx, err, 'Invoice not found');
      });
      return async (tx) => {
        const outcome = await applySubscription(tx, sub);
        // Only the subscription's latest invoice starts its period; a late older one does not.
        if (sub.latestInvoiceId === objectId) await resetCreditsFor(tx, outcome, sub, objectId);
        // Every paid invoice is in the payment history, a late one too (docs/decisions/0113-self-service-billing.md).
        if (outcome && invoice) await recordPlanPayment(tx, outcome.contractorId, invoice, sub.planId);
        return none;
      };
    }
    case 'invoice.payment_failed': {
      const subscriptionId = invoiceSubscriptionId(event.object);
      if (!subscriptionId) return noop;
      const sub = await fetchSubscription(ctx, subscriptionId);
      return async (tx) => (await applySubscription(tx, sub), none);
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      if (!objectId) return noop;
      const sub = await fetchSubscription(ctx, objectId);
      return async (tx) => (await applySubscription(tx, sub), none);
    }
    case 'payment_intent.succeeded': {
      // Intents for invoices and anything else on the account carry no delivery: not ours.
      const metadata = event.object.metadata as Record<string, unknown> | undefined;
      if (!objectId || metadataId(metadata?.deliveryId) === null) return noop;
      const intent = await fromProvider(ctx, ctx.payments.retrievePaymentIntent(objectId), 'Payment not found');
      return async (tx) => {
        const { paidNow } = await applyLeadPayment(tx, intent);
        return { receipts: paidNow === null ? [] : [paidNow] };
      };
    }
    case 'charge.refunded':
    case 'charge.refund.updated':
    case 'refund.updated':
    case 'refund.failed': {
      // A charge or a refund; either names the payment, whose refunds are read back from the provider.
      const paymentIntentId = idOf(event.object.payment_intent);
      if (!paymentIntentId) return noop;
      const refunds = await fromProvider(ctx, ctx.payments.listRefunds(paymentIntentId), 'Payment not found');
      return async (tx) => (await applyProviderRefunds(tx, paymentIntentId, refunds), none);
    }
    default:
      return noop;
  }
}

/** Permanent refusals (a mismatched payment, a checkout that is not ours) are logged and acknowledged. */
function acknowledging(ctx: AppContext, event: WebhookEvent, err: unknown): Effects {
  if (!isPermanent(err)) throw err;
  ctx.log.warn('payment event ignored', {
    id: event.id,
    type: event.type,
    reason: err instanceof Error ? err.message : String(err),
  });
  return none;
}

/** Applies a verified event once. Returns whether it had been applied before. */
export async function processEvent(ctx: AppContext, event: WebhookEvent): Promise<{ duplicate: boolean }> {
  const [seen] = await ctx.db
    .select({ id: paymentEvents.id })
    .from(paymentEvents)
    .where(eq(paymentEvents.id, event.id));
  if (seen) return { duplicate: true };
  const apply = await prepare(ctx, event).catch((err: unknown) => (acknowledging(ctx, event, err), noop));

  const effects = await inTransaction(ctx, async (tx) => {
    const [fresh] = await tx.db
      .insert(paymentEvents)
      .values({ id: event.id, type: event.type.slice(0, 200) })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!fresh) return null;
    const applied = await apply(tx).catch((err: unknown) => acknowledging(ctx, event, err));
    // Receipts and the homeowner's follow-up commit with the event that paid (docs/decisions/0087-transactional-outbox.md, docs/decisions/0050-review-follow-up.md).
    for (const deliveryId of applied.receipts) {
      await sendReceipt(tx, deliveryId);
      await scheduleFollowUp(tx, deliveryId);
    }
    return applied;
  });
  if (!effects) return { duplicate: true };
  return { duplicate: false };
}

/** POST /api/stripe/webhook: the raw body and its signature header. */
export async function handleWebhook(
  ctx: AppContext,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<{ duplicate: boolean }> {
  let event: WebhookEvent;
  try {
    event = await ctx.payments.parseWebhook(rawBody, signature);
  } catch (err) {
    if (err instanceof WebhookSignatureError && err.message !== 'Invalid signature')
      ctx.log.warn('payment webhook refused', { reason: err.message });
    throw invalid('Invalid signature');
  }
  return processEvent(ctx, event);
}
