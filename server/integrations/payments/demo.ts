import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { planById } from '../../../shared/plans';
import type { DemoPaymentResult } from '../../../shared/schemas/payments';
import type { Db } from '../../db/client';
import { demoPayments, type DemoPaymentKind, type DemoPaymentRow } from '../../db/schema';
import {
  metadataId,
  PaymentProviderError,
  planIdFromMetadata,
  subscriptionStatus,
  WebhookSignatureError,
  type InvoiceInfo,
  type PaidPlanId,
  type PaymentIntentInfo,
  type PaymentProvider,
  type RefundInfo,
  type SubscriptionInfo,
} from './provider';

/**
 * The local demo provider, the default without Stripe keys (docs/decisions/0045-demo-provider.md). It
 * keeps intents, checkout sessions and subscriptions in demo_payments and answers the same questions
 * Stripe does, so the same state machine runs on it. No card is charged.
 */

export const DEMO_PRICES: Record<PaidPlanId, string> = { pro: 'demo_price_pro', premium: 'demo_price_premium' };
export const DEMO_DECLINE_MESSAGE = 'Your card was declined. (Demo: no card is charged.)';

const LIVE = new Set(['active', 'trialing', 'past_due']);
const token = (bytes = 12) => randomBytes(bytes).toString('hex');
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

export interface DemoPaymentProvider extends PaymentProvider {
  readonly kind: 'demo';
  /** The demo card form's answer: succeed, or decline as a card network would. */
  confirmDemoPayment(id: string, outcome: 'succeed' | 'decline'): Promise<DemoPaymentResult>;
  /** The demo checkout page's 'subscribe': completes the session and starts a subscription. */
  completeDemoCheckout(sessionId: string): Promise<{ redirectUrl: string }>;
  /** The demo billing page's session: whose it is and where it returns (docs/decisions/0113-self-service-billing.md). */
  retrieveDemoBillingSession(id: string): Promise<DemoBillingSession>;
  /** What the demo billing page changes, as Stripe's customer portal would; returns the subscription now. */
  changeDemoSubscription(id: string, change: DemoSubscriptionChange): Promise<SubscriptionInfo>;
  /** The last four digits of the card entered on the demo billing page, if any. */
  demoCardLast4(subscriptionId: string): Promise<string | null>;
}

export interface DemoBillingSession {
  id: string;
  customerId: string;
  returnUrl: string;
  /** Like Stripe's portal sessions, a link works for a while only. */
  expiresAt: Date;
}

export type DemoSubscriptionChange = { cancelAtPeriodEnd: boolean } | { planId: PaidPlanId } | { cardLast4: string };

/** How long a demo billing page link works (Stripe's portal sessions are short-lived too). */
const BILLING_SESSION_MS = 60 * 60 * 1000;

export function isDemoProvider(p: PaymentProvider): p is DemoPaymentProvider {
  return p.kind === 'demo';
}

function addMonth(d: Date): Date {
  const next = new Date(d);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

export function createDemoProvider(db: Db): DemoPaymentProvider {
  async function find(id: string, kind: DemoPaymentKind, label: string): Promise<DemoPaymentRow> {
    const [row] = await db
      .select()
      .from(demoPayments)
      .where(and(eq(demoPayments.id, id), eq(demoPayments.kind, kind)));
    if (!row) throw new PaymentProviderError('not_found', `No such ${label}: '${id}'`);
    return row;
  }

  const intentInfo = (row: DemoPaymentRow): PaymentIntentInfo => ({
    id: row.id,
    clientSecret: str(row.data.clientSecret) ?? '',
    status: row.status,
    amountCents: row.amountCents ?? 0,
    currency: str(row.data.currency) ?? 'usd',
    metadata: (row.data.metadata as Record<string, string> | undefined) ?? {},
    lastErrorMessage: str(row.data.lastErrorMessage),
  });

  const subscriptionInfo = (row: DemoPaymentRow): SubscriptionInfo => ({
    id: row.id,
    status: subscriptionStatus(row.status),
    customerId: str(row.data.customerId),
    planId: planIdFromMetadata(row.data.planId),
    currentPeriodStart: new Date(String(row.data.currentPeriodStart)),
    currentPeriodEnd: new Date(String(row.data.currentPeriodEnd)),
    cancelAtPeriodEnd: row.data.cancelAtPeriodEnd === true,
    latestInvoiceId: str(row.data.latestInvoiceId),
    contractorId: metadataId(String(row.data.contractorId ?? '')),
  });

  const date = (v: unknown): Date | null => (typeof v === 'string' ? new Date(v) : null);
  const invoiceInfo = (row: DemoPaymentRow): InvoiceInfo => ({
    id: row.id,
    status: row.status,
    amountPaidCents: row.status === 'paid' ? (row.amountCents ?? 0) : 0,
    currency: str(row.data.currency) ?? 'usd',
    subscriptionId: str(row.data.subscriptionId),
    customerId: str(row.data.customerId),
    paidAt: date(row.data.paidAt),
    periodStart: date(row.data.periodStart),
    periodEnd: date(row.data.periodEnd),
  });

  /** A subscription set to cancel ends when its period does, as Stripe ends it then. */
  async function lapsed(row: DemoPaymentRow): Promise<DemoPaymentRow> {
    if (
      row.status === 'canceled' ||
      row.data.cancelAtPeriodEnd !== true ||
      new Date(String(row.data.currentPeriodEnd)) > new Date()
    )
      return row;
    const [ended] = await db
      .update(demoPayments)
      .set({ status: 'canceled' })
      .where(eq(demoPayments.id, row.id))
      .returning();
    return ended!;
  }

  const refundInfo = (row: DemoPaymentRow): RefundInfo => ({
    id: row.id,
    status: row.status,
    amountCents: row.amountCents ?? 0,
    currency: str(row.data.currency) ?? 'usd',
    paymentIntentId: str(row.data.paymentIntentId),
    metadata: (row.data.metadata as Record<string, string> | undefined) ?? {},
    failureReason: null,
  });

  const refundsOf = (paymentIntentId: string) =>
    db
      .select()
      .from(demoPayments)
      .where(and(eq(demoPayments.kind, 'refund'), sql`${demoPayments.data}->>'paymentIntentId' = ${paymentIntentId}`))
      .orderBy(demoPayments.createdAt, demoPayments.id);

  return {
    kind: 'demo',
    publishableKey: null,
    priceIdFor: (planId) => DEMO_PRICES[planId],

    async createPaymentIntent(input) {
      const id = `demo_pi_${token()}`;
      await db
        .insert(demoPayments)
        .values({
          id,
          kind: 'payment_intent',
          status: 'requires_payment_method',
          amountCents: input.amountCents,
          idempotencyKey: `pi:${input.idempotencyKey}`,
          data: {
            clientSecret: `${id}_secret_${token(16)}`,
            currency: input.currency,
            metadata: input.metadata,
            description: input.description,
          },
        })
        .onConflictDoNothing({ target: demoPayments.idempotencyKey });
      const [row] = await db
        .select()
        .from(demoPayments)
        .where(eq(demoPayments.idempotencyKey, `pi:${input.idempotencyKey}`));
      return intentInfo(row!);
    },

    retrievePaymentIntent: async (id) => intentInfo(await find(id, 'payment_intent', 'payment_intent')),

    async confirmDemoPayment(id, outcome) {
      const row = await find(id, 'payment_intent', 'payment_intent');
      if (row.status === 'succeeded') {
        if (outcome === 'succeed') return { status: 'succeeded' };
        throw new PaymentProviderError('rejected', 'This payment has already succeeded');
      }
      if (outcome === 'succeed') {
        await db
          .update(demoPayments)
          .set({ status: 'succeeded', data: { ...row.data, lastErrorMessage: null } })
          .where(eq(demoPayments.id, id));
        return { status: 'succeeded' };
      }
      await db
        .update(demoPayments)
        .set({ status: 'requires_payment_method', data: { ...row.data, lastErrorMessage: DEMO_DECLINE_MESSAGE } })
        .where(eq(demoPayments.id, id));
      return { status: 'requires_payment_method', message: DEMO_DECLINE_MESSAGE };
    },

    async createCheckoutSession(input) {
      const id = `demo_cs_${token()}`;
      const key = `cs:${input.idempotencyKey}`;
      // On the site the checkout was started from, where it returns (its successUrl's).
      const url = `${new URL(input.successUrl).origin}/demo-checkout?session_id=${id}`;
      // The same key answers the same session, as Stripe's Idempotency-Key does (docs/decisions/0113-self-service-billing.md).
      await db
        .insert(demoPayments)
        .values({
          id,
          kind: 'checkout_session',
          status: 'open',
          idempotencyKey: key,
          data: {
            url,
            planId: input.planId,
            priceId: input.priceId,
            contractorId: String(input.contractorId),
            customerEmail: input.customerEmail,
            customerId: input.customerId ?? null,
            // Stripe fills in the placeholder itself; the demo must do it here.
            successUrl: input.successUrl.replace('{CHECKOUT_SESSION_ID}', id),
            cancelUrl: input.cancelUrl,
            subscriptionId: null,
          },
        })
        .onConflictDoNothing({ target: demoPayments.idempotencyKey });
      const [row] = await db.select().from(demoPayments).where(eq(demoPayments.idempotencyKey, key));
      return { id: row!.id, url: String(row!.data.url) };
    },

    async retrieveCheckoutSession(id) {
      const row = await find(id, 'checkout_session', 'checkout.session');
      return {
        id: row.id,
        status: row.status,
        paymentStatus: row.status === 'complete' ? 'paid' : 'unpaid',
        subscriptionId: str(row.data.subscriptionId),
        customerId: str(row.data.customerId),
        contractorId: metadataId(String(row.data.contractorId ?? '')),
        planId: planIdFromMetadata(row.data.planId),
        url: row.status === 'open' ? str(row.data.url) : null,
      };
    },

    async completeDemoCheckout(sessionId) {
      const session = await find(sessionId, 'checkout_session', 'checkout.session');
      const redirectUrl = String(session.data.successUrl);
      if (session.status === 'complete') return { redirectUrl };
      const subId = `demo_sub_${token()}`;
      const invoiceId = `demo_in_${token()}`;
      const customerId = str(session.data.customerId) ?? `demo_cus_${token()}`;
      const now = new Date();
      const planId = planIdFromMetadata(session.data.planId);
      // The conditional update makes two clicks start one subscription.
      await db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(demoPayments)
          .set({
            status: 'complete',
            data: sql`${demoPayments.data} || ${JSON.stringify({ subscriptionId: subId, customerId })}::jsonb`,
          })
          .where(and(eq(demoPayments.id, sessionId), eq(demoPayments.status, 'open')))
          .returning({ id: demoPayments.id });
        if (!claimed) return;
        await tx.insert(demoPayments).values({
          id: subId,
          kind: 'subscription',
          status: 'active',
          data: {
            customerId,
            planId: session.data.planId,
            priceId: session.data.priceId,
            contractorId: session.data.contractorId,
            currentPeriodStart: now.toISOString(),
            currentPeriodEnd: addMonth(now).toISOString(),
            cancelAtPeriodEnd: false,
            latestInvoiceId: invoiceId,
          },
        });
        // The first period's invoice, paid at once (no card is charged), for the payment history.
        await tx.insert(demoPayments).values({
          id: invoiceId,
          kind: 'invoice',
          status: 'paid',
          amountCents: planId ? planById(planId).priceCents : 0,
          data: {
            subscriptionId: subId,
            customerId,
            currency: 'usd',
            paidAt: now.toISOString(),
            periodStart: now.toISOString(),
            periodEnd: addMonth(now).toISOString(),
          },
        });
      });
      return { redirectUrl };
    },

    retrieveSubscription: async (id) => subscriptionInfo(await lapsed(await find(id, 'subscription', 'subscription'))),

    async createBillingPortalSession(input) {
      const id = `demo_bps_${token()}`;
      await db.insert(demoPayments).values({
        id,
        kind: 'billing_portal_session',
        status: 'open',
        data: {
          customerId: input.customerId,
          returnUrl: input.returnUrl,
          expiresAt: new Date(Date.now() + BILLING_SESSION_MS).toISOString(),
        },
      });
      // On the site it was opened from, like the demo checkout page.
      return { url: `${new URL(input.returnUrl).origin}/demo-billing?session_id=${id}` };
    },

    async retrieveDemoBillingSession(id) {
      const row = await find(id, 'billing_portal_session', 'billing_portal.session');
      return {
        id: row.id,
        customerId: String(row.data.customerId),
        returnUrl: String(row.data.returnUrl),
        expiresAt: new Date(String(row.data.expiresAt)),
      };
    },

    async changeDemoSubscription(id, change) {
      const row = await lapsed(await find(id, 'subscription', 'subscription'));
      if (!LIVE.has(row.status)) throw new PaymentProviderError('rejected', 'This subscription has ended');
      const patch: Record<string, unknown> =
        'cancelAtPeriodEnd' in change
          ? { cancelAtPeriodEnd: change.cancelAtPeriodEnd }
          : 'planId' in change
            ? { planId: change.planId, priceId: DEMO_PRICES[change.planId] }
            : { cardLast4: change.cardLast4 };
      const [updated] = await db
        .update(demoPayments)
        .set({ data: sql`${demoPayments.data} || ${JSON.stringify(patch)}::jsonb` })
        .where(eq(demoPayments.id, id))
        .returning();
      return subscriptionInfo(updated!);
    },

    demoCardLast4: async (id) => str((await find(id, 'subscription', 'subscription')).data.cardLast4),

    async retrieveInvoice(id) {
      return invoiceInfo(await find(id, 'invoice', 'invoice'));
    },

    // The demo's receipts are the site's own printable pages.
    receiptUrl: async () => null,

    async cancelSubscription(id) {
      await find(id, 'subscription', 'subscription');
      await db.update(demoPayments).set({ status: 'canceled' }).where(eq(demoPayments.id, id));
    },

    async createRefund(input) {
      const key = `re:${input.idempotencyKey}`;
      const byKey = () => db.select().from(demoPayments).where(eq(demoPayments.idempotencyKey, key));
      const [existing] = await byKey();
      if (existing) return refundInfo(existing);
      const intent = await find(input.paymentIntentId, 'payment_intent', 'payment_intent');
      if (intent.status !== 'succeeded')
        throw new PaymentProviderError('rejected', 'This payment has not succeeded, so there is nothing to refund');
      const refunded = (await refundsOf(intent.id)).reduce(
        (sum, r) => sum + (r.status === 'failed' ? 0 : (r.amountCents ?? 0)),
        0,
      );
      if (input.amountCents <= 0 || refunded + input.amountCents > (intent.amountCents ?? 0))
        throw new PaymentProviderError('rejected', 'The refund is more than what is left of this payment');
      // A card refund in the demo succeeds at once; no card was charged in the first place.
      await db
        .insert(demoPayments)
        .values({
          id: `demo_re_${token()}`,
          kind: 'refund',
          status: 'succeeded',
          amountCents: input.amountCents,
          idempotencyKey: key,
          data: { paymentIntentId: intent.id, currency: str(intent.data.currency) ?? 'usd', metadata: input.metadata },
        })
        .onConflictDoNothing({ target: demoPayments.idempotencyKey });
      const [row] = await byKey();
      return refundInfo(row!);
    },

    listRefunds: async (paymentIntentId) => (await refundsOf(paymentIntentId)).map(refundInfo),

    async parseWebhook() {
      throw new WebhookSignatureError('The demo provider sends no webhooks');
    },
  };
}
