import type { AppContext } from '../context';
import { conflict, notFound } from '../domain/errors';
import type { DemoPaymentProvider } from '../integrations/payments/demo';
import { PaymentProviderError, type WebhookEvent } from '../integrations/payments/provider';
import { processEvent } from './payment-webhooks';

/**
 * The demo provider's card form and checkout page (only while it is the provider; no card is
 * charged). Like Stripe, each success is then reported to the server as an event (the webhook's
 * path); the pages still confirm through /api/stripe/... as with Stripe.
 */

/** The event a provider would send; a failure here is left for the page's own confirmation. */
async function report(ctx: AppContext, event: WebhookEvent): Promise<void> {
  await processEvent(ctx, event).catch((err: unknown) => {
    ctx.log.warn('demo payment event failed', {
      id: event.id,
      type: event.type,
      error: err instanceof Error ? err.message : String(err),
    });
  });
}

export async function confirmDemoPayment(
  ctx: AppContext,
  demo: DemoPaymentProvider,
  intentId: string,
  outcome: 'succeed' | 'decline',
) {
  const result = await demo.confirmDemoPayment(intentId, outcome).catch((err: unknown) => {
    if (err instanceof PaymentProviderError)
      throw err.reason === 'not_found' ? notFound('Payment not found') : conflict(err.message);
    throw err;
  });
  if (result.status === 'succeeded') {
    const intent = await demo.retrievePaymentIntent(intentId);
    await report(ctx, {
      id: `demo_evt_${intent.id}_succeeded`,
      type: 'payment_intent.succeeded',
      object: { id: intent.id, metadata: intent.metadata },
    });
  }
  return result;
}

export async function completeDemoCheckout(ctx: AppContext, demo: DemoPaymentProvider, sessionId: string) {
  const done = await demo.completeDemoCheckout(sessionId).catch((err: unknown) => {
    if (err instanceof PaymentProviderError && err.reason === 'not_found') throw notFound('Checkout session not found');
    throw err;
  });
  await report(ctx, {
    id: `demo_evt_${sessionId}_completed`,
    type: 'checkout.session.completed',
    object: { id: sessionId },
  });
  return done;
}
