/**
 * The payment state machine (docs/decisions/0007-payment-provider.md), one entry point for the routes. It
 * runs the same on Stripe and on the demo provider, and never takes the browser's word for a payment.
 *
 * - lead-payments.ts: one lead paid by card (awaiting_payment -> paid, once).
 * - subscriptions.ts: plans bought through a checkout, synchronised from the provider.
 * - subscription-checkout.ts: starting that checkout, once per attempt.
 * - payment-webhooks.ts: signed provider events, applied once and in any order.
 */
export { confirmLeadPayment, startLeadPayment } from './lead-payments';
export { activateFromCheckout, syncSubscription } from './subscriptions';
export { startSubscription } from './subscription-checkout';
export { handleWebhook, processEvent } from './payment-webhooks';
