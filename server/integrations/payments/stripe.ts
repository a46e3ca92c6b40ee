import type Stripe from 'stripe';
import {
  metadataId,
  PaymentProviderError,
  planIdFromMetadata,
  subscriptionStatus,
  WebhookSignatureError,
  type PaidPlanId,
  type InvoiceInfo,
  type PaymentIntentInfo,
  type PaymentProvider,
  type RefundInfo,
} from './provider';

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret?: string;
  prices: Record<PaidPlanId, string | null>;
  /** Another address for the API (the tests' local stand-in). */
  apiUrl?: string;
}

/**
 * The Stripe SDK, loaded when a Stripe provider is made rather than at start
 * (docs/decisions/0123-embedded-memory.md): a deployment on the demo provider never loads it.
 */
let loaded: typeof Stripe | null = null;

/** Stripe's errors as the state machine understands them (an error from Stripe means the SDK is loaded). */
function translate(err: unknown): never {
  const Stripe = loaded;
  if (Stripe && err instanceof Stripe.errors.StripeError) {
    // A missing object answers 404; a create naming a missing price is a 400 (rejected).
    if (err.statusCode === 404) throw new PaymentProviderError('not_found', err.message);
    // 409: the same idempotency key is in flight (a double click); a retry gets the answer.
    const retryable = err.statusCode === 409 || err.statusCode === 429 || (err.statusCode ?? 0) >= 500;
    if (
      err instanceof Stripe.errors.StripeConnectionError ||
      err instanceof Stripe.errors.StripeAPIError ||
      err instanceof Stripe.errors.StripeRateLimitError ||
      retryable
    ) {
      throw new PaymentProviderError('unavailable', err.message);
    }
    throw new PaymentProviderError('rejected', err.message);
  }
  throw err;
}

const idOf = (v: string | { id: string } | null | undefined): string | null =>
  typeof v === 'string' ? v : (v?.id ?? null);

function connection(apiUrl: string | undefined) {
  if (!apiUrl) return {};
  const u = new URL(apiUrl);
  const protocol = u.protocol === 'http:' ? 'http' : 'https';
  return { host: u.hostname, port: u.port || (protocol === 'http' ? 80 : 443), protocol } as const;
}

function intentInfo(pi: Stripe.PaymentIntent): PaymentIntentInfo {
  return {
    id: pi.id,
    clientSecret: pi.client_secret ?? '',
    status: pi.status,
    amountCents: pi.amount,
    currency: pi.currency,
    metadata: { ...pi.metadata },
    lastErrorMessage: pi.last_payment_error?.message ?? null,
  };
}

function refundInfo(r: Stripe.Refund): RefundInfo {
  return {
    id: r.id,
    status: r.status ?? 'pending',
    amountCents: r.amount,
    currency: r.currency,
    paymentIntentId: idOf(r.payment_intent),
    metadata: { ...(r.metadata ?? {}) },
    failureReason: r.failure_reason ?? null,
  };
}

const fromUnix = (t: number | null | undefined): Date | null => (typeof t === 'number' ? new Date(t * 1000) : null);

function invoiceInfo(inv: Stripe.Invoice): InvoiceInfo {
  // The subscription is under parent in current API versions, on the invoice itself in older ones.
  const legacy = inv as unknown as { subscription?: string | { id: string } | null };
  const line = inv.lines?.data?.[0];
  return {
    id: inv.id ?? '',
    status: inv.status ?? 'draft',
    amountPaidCents: inv.amount_paid,
    currency: inv.currency,
    subscriptionId: idOf(inv.parent?.subscription_details?.subscription) ?? idOf(legacy.subscription),
    customerId: idOf(inv.customer),
    paidAt: fromUnix(inv.status_transitions?.paid_at),
    // The period the plan was paid for is the line's; the invoice's own fields are its items' window.
    periodStart: fromUnix(line?.period?.start ?? inv.period_start),
    periodEnd: fromUnix(line?.period?.end ?? inv.period_end),
  };
}

/** Older API versions keep the period on the subscription, current ones on its items. */
interface PeriodFields {
  current_period_start?: number;
  current_period_end?: number;
}

export function createStripeProvider(settings: StripeSettings): PaymentProvider {
  const client = import('stripe').then(({ default: Stripe }) => {
    loaded = Stripe;
    return new Stripe(settings.secretKey, { maxNetworkRetries: 0, timeout: 20_000, ...connection(settings.apiUrl) });
  });
  // A failure to load is the first call's to report.
  client.catch(() => {});
  /** One call to Stripe with the loaded client, its errors translated. */
  const stripe = <T>(use: (s: Stripe) => Promise<T>): Promise<T> => client.then(use).catch(translate);
  const planForPrice = (priceId: string | undefined): PaidPlanId | null =>
    priceId
      ? ((Object.keys(settings.prices) as PaidPlanId[]).find((p) => settings.prices[p] === priceId) ?? null)
      : null;

  return {
    kind: 'stripe',
    publishableKey: settings.publishableKey,
    priceIdFor: (planId) => settings.prices[planId],

    async createPaymentIntent(input) {
      const pi = await stripe((s) =>
        s.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: input.currency,
            automatic_payment_methods: { enabled: true },
            metadata: { ...input.metadata },
            description: input.description,
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return intentInfo(pi);
    },

    async retrievePaymentIntent(id) {
      return intentInfo(await stripe((s) => s.paymentIntents.retrieve(id)));
    },

    async createCheckoutSession(input) {
      const metadata = { contractorId: String(input.contractorId), planId: input.planId };
      const session = await stripe((s) =>
        s.checkout.sessions.create(
          {
            mode: 'subscription',
            line_items: [{ price: input.priceId, quantity: 1 }],
            client_reference_id: String(input.contractorId),
            metadata,
            subscription_data: { metadata },
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
            ...(input.customerId ? { customer: input.customerId } : { customer_email: input.customerEmail }),
          },
          // Stripe answers 409 while the same key is in flight (two tabs at once); the SDK retries
          // 409s, and the retry gets the first request's session (docs/decisions/0113-self-service-billing.md).
          { idempotencyKey: input.idempotencyKey, maxNetworkRetries: 2 },
        ),
      );
      if (!session.url) throw new PaymentProviderError('rejected', 'The checkout session has no address');
      return { id: session.id, url: session.url };
    },

    async retrieveCheckoutSession(id) {
      const s = await stripe((c) => c.checkout.sessions.retrieve(id));
      return {
        id: s.id,
        status: s.status ?? 'open',
        paymentStatus: s.payment_status,
        subscriptionId: idOf(s.subscription),
        customerId: idOf(s.customer),
        contractorId: metadataId(s.metadata?.contractorId) ?? metadataId(s.client_reference_id),
        planId: planIdFromMetadata(s.metadata?.planId),
        url: s.url ?? null,
      };
    },

    async createBillingPortalSession(input) {
      const session = await stripe((s) =>
        s.billingPortal.sessions.create({ customer: input.customerId, return_url: input.returnUrl }),
      );
      return { url: session.url };
    },

    async retrieveInvoice(id) {
      return invoiceInfo(await stripe((s) => s.invoices.retrieve(id)));
    },

    async receiptUrl(object) {
      if ('invoiceId' in object)
        return (await stripe((s) => s.invoices.retrieve(object.invoiceId))).hosted_invoice_url ?? null;
      const pi = await stripe((s) => s.paymentIntents.retrieve(object.paymentIntentId, { expand: ['latest_charge'] }));
      const charge = pi.latest_charge;
      return charge && typeof charge === 'object' ? charge.receipt_url : null;
    },

    async retrieveSubscription(id) {
      const sub = await stripe((s) => s.subscriptions.retrieve(id));
      const item = sub.items?.data?.[0] as (Stripe.SubscriptionItem & PeriodFields) | undefined;
      const legacy = sub as unknown as PeriodFields;
      const start = legacy.current_period_start ?? item?.current_period_start ?? sub.start_date;
      const end = legacy.current_period_end ?? item?.current_period_end ?? start;
      return {
        id: sub.id,
        status: subscriptionStatus(sub.status),
        customerId: idOf(sub.customer),
        planId: planForPrice(item?.price?.id),
        currentPeriodStart: new Date(start * 1000),
        currentPeriodEnd: new Date(end * 1000),
        cancelAtPeriodEnd: Boolean(sub.cancel_at_period_end),
        latestInvoiceId: idOf(sub.latest_invoice),
        contractorId: metadataId(sub.metadata?.contractorId),
      };
    },

    async cancelSubscription(id) {
      await stripe((s) => s.subscriptions.cancel(id, { prorate: true }));
    },

    async createRefund(input) {
      const refund = await stripe((s) =>
        s.refunds.create(
          {
            payment_intent: input.paymentIntentId,
            amount: input.amountCents,
            reason: 'requested_by_customer',
            metadata: { ...input.metadata },
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return refundInfo(refund);
    },

    async listRefunds(paymentIntentId) {
      return stripe(async (s) => {
        const refunds: RefundInfo[] = [];
        for await (const r of s.refunds.list({ payment_intent: paymentIntentId, limit: 100 }))
          refunds.push(refundInfo(r));
        return refunds;
      });
    },

    async parseWebhook(rawBody, signatureHeader) {
      if (!settings.webhookSecret)
        throw new WebhookSignatureError('Webhooks are not configured (STRIPE_WEBHOOK_SECRET is not set)');
      if (!signatureHeader) throw new WebhookSignatureError();
      const webhooks = (await client).webhooks;
      let event: Stripe.Event;
      try {
        event = webhooks.constructEvent(rawBody, signatureHeader, settings.webhookSecret);
      } catch {
        throw new WebhookSignatureError();
      }
      return { id: event.id, type: event.type, object: event.data.object as unknown as Record<string, unknown> };
    },
  };
}
