import type { PlanId } from '../../../shared/plans';

/**
 * The few payment-provider operations the payment state machine needs
 * (docs/decisions/0007-payment-provider.md), in provider-neutral shapes. Two implementations:
 * Stripe (stripe.ts) and the local demo (demo.ts). The server never trusts the browser: it reads
 * every state it acts on back from here.
 */

export type PaidPlanId = Exclude<PlanId, 'free'>;

export interface PaymentIntentMetadata {
  deliveryId: string;
  leadId: string;
  contractorId: string;
}

export interface CreatePaymentIntentInput {
  amountCents: number;
  currency: 'usd';
  /** The same key answers the same intent (a reload of the purchase page). */
  idempotencyKey: string;
  metadata: PaymentIntentMetadata;
  description: string;
}

export interface PaymentIntentInfo {
  id: string;
  clientSecret: string;
  /** The provider's value: requires_payment_method, requires_action, processing, succeeded, canceled... */
  status: string;
  amountCents: number;
  currency: string;
  /** Whatever the provider holds; read with care (an intent may not be ours). */
  metadata: Record<string, string>;
  /** Why the last attempt failed (a decline), when it did. */
  lastErrorMessage?: string | null;
}

export interface CreateCheckoutSessionInput {
  planId: PaidPlanId;
  priceId: string;
  contractorId: number;
  customerEmail: string;
  /** An existing customer is reused so one contractor stays one customer. */
  customerId?: string | null;
  /** May contain {CHECKOUT_SESSION_ID}, replaced with the session's id. */
  successUrl: string;
  cancelUrl: string;
  /**
   * The same key answers the same session: a double click or a second tab starts one checkout
   * (docs/decisions/0113-self-service-billing.md). The caller makes it unique per attempt and per
   * parameters, since the provider refuses a key reused with different parameters.
   */
  idempotencyKey: string;
}

export interface CheckoutSessionInfo {
  id: string;
  /** open, complete or expired */
  status: string;
  /** paid, unpaid or no_payment_required */
  paymentStatus: string;
  subscriptionId: string | null;
  customerId: string | null;
  contractorId: number | null;
  planId: PaidPlanId | null;
  /** Where the customer pays, while the session is open. */
  url: string | null;
}

export interface CreateBillingPortalInput {
  customerId: string;
  /** Where the portal's 'return' link leads (the contractor portal on the site it was opened from). */
  returnUrl: string;
}

/** A paid plan's invoice as the provider holds it now (docs/decisions/0113-self-service-billing.md). */
export interface InvoiceInfo {
  id: string;
  /** draft, open, paid, uncollectible or void */
  status: string;
  amountPaidCents: number;
  currency: string;
  subscriptionId: string | null;
  customerId: string | null;
  paidAt: Date | null;
  periodStart: Date | null;
  periodEnd: Date | null;
}

export const SUBSCRIPTION_STATES = [
  'active',
  'trialing',
  'past_due',
  'canceled',
  'incomplete',
  'incomplete_expired',
  'unpaid',
  'paused',
] as const;
export type ProviderSubscriptionStatus = (typeof SUBSCRIPTION_STATES)[number];

export interface SubscriptionInfo {
  id: string;
  status: ProviderSubscriptionStatus;
  customerId: string | null;
  /** From the price id, through the configured price ids; null for a price we do not sell. */
  planId: PaidPlanId | null;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  latestInvoiceId: string | null;
  contractorId: number | null;
}

export interface RefundMetadata {
  /** Our lead_refunds row: how a refund is matched whichever answer or event brings it first. */
  leadRefundId: string;
  deliveryId: string;
}

export interface CreateRefundInput {
  paymentIntentId: string;
  amountCents: number;
  /** The same key answers the same refund (a retried job), so a payment is refunded once. */
  idempotencyKey: string;
  metadata: RefundMetadata;
}

export interface RefundInfo {
  id: string;
  /** The provider's value: pending, requires_action, succeeded, failed or canceled. */
  status: string;
  amountCents: number;
  currency: string;
  paymentIntentId: string | null;
  metadata: Record<string, string>;
  /** Why it failed, when it did. */
  failureReason: string | null;
}

export interface WebhookEvent {
  id: string;
  type: string;
  /** The event's data.object. */
  object: Record<string, unknown>;
}

export interface PaymentProvider {
  readonly kind: 'stripe' | 'demo';
  /** For the browser (Stripe.js); null for the demo. */
  readonly publishableKey: string | null;
  /** The provider's price for each paid plan; null when not configured. */
  priceIdFor(planId: PaidPlanId): string | null;
  createPaymentIntent(input: CreatePaymentIntentInput): Promise<PaymentIntentInfo>;
  retrievePaymentIntent(id: string): Promise<PaymentIntentInfo>;
  createCheckoutSession(input: CreateCheckoutSessionInput): Promise<{ id: string; url: string }>;
  retrieveCheckoutSession(id: string): Promise<CheckoutSessionInfo>;
  retrieveSubscription(id: string): Promise<SubscriptionInfo>;
  /** Ends a subscription now (one replaced by an upgrade), crediting the unused time. */
  cancelSubscription(id: string): Promise<void>;
  /** The provider's self-service page for the customer: card, plan switch, cancel at period end. */
  createBillingPortalSession(input: CreateBillingPortalInput): Promise<{ url: string }>;
  retrieveInvoice(id: string): Promise<InvoiceInfo>;
  /**
   * The provider's receipt of a card payment or a plan invoice (Stripe's receipt_url, or the
   * invoice's hosted page); null when the provider has none (the demo: ours is used instead).
   */
  receiptUrl(object: { paymentIntentId: string } | { invoiceId: string }): Promise<string | null>;
  /** Gives back (part of) a succeeded payment to the card it came from. */
  createRefund(input: CreateRefundInput): Promise<RefundInfo>;
  /** Every refund of a payment, as the provider holds them now. */
  listRefunds(paymentIntentId: string): Promise<RefundInfo[]>;
  /** Verifies the signature; throws on a bad one. */
  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): Promise<WebhookEvent>;
}

/**
 * A provider call that failed in a way the caller can act on: the object does not exist
 * (not_found), the provider could not be reached or failed (unavailable), or it refused the
 * request (rejected).
 */
export class PaymentProviderError extends Error {
  constructor(
    readonly reason: 'not_found' | 'unavailable' | 'rejected',
    message: string,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

export class WebhookSignatureError extends Error {
  constructor(message = 'Invalid signature') {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** Metadata values are strings; ids in them must be positive integers to count. */
export function metadataId(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 && n <= 2_147_483_647 ? n : null;
}

export function planIdFromMetadata(value: unknown): PaidPlanId | null {
  return value === 'pro' || value === 'premium' ? value : null;
}

export function subscriptionStatus(value: string): ProviderSubscriptionStatus {
  return (SUBSCRIPTION_STATES as readonly string[]).includes(value)
    ? (value as ProviderSubscriptionStatus)
    : 'incomplete';
}
