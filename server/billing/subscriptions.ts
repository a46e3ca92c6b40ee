import { and, eq, ne } from 'drizzle-orm';
import { planById, type PlanId } from '@shared/plans';
import type { VerifySubscriptionResponse } from '@shared/schemas/payments';
import { inTransaction, type AppContext, type DbCtx, type ServiceCtx } from '../context';
import { contractorBilling, contractors, type ContractorBillingRow } from '../db/schema';
import { conflict, notFound } from '../domain/errors';
import { PaymentProviderError, type SubscriptionInfo } from '../integrations/payments/provider';
import { monthResetKey, monthStart, resetCreditsForPeriod } from '../leads/credits';
import { fetchInvoiceQuietly, recordPlanPayment } from './plan-payments';
import { fromProvider, providerError } from './provider-errors';

/**
 * Plan subscriptions (docs/decisions/0006-plans-and-credits.md,
 * docs/decisions/0044-provider-events.md), kept in the contractor's billing row. Every
 * change is read back from the provider and written as the provider's CURRENT state, so events
 * may arrive in any order, twice, or not at all (the success page does the same work).
 */

const LIVE = new Set<string>(['active', 'trialing', 'past_due']);
const ENDED = new Set<string>(['canceled', 'incomplete_expired', 'unpaid', 'paused']);
export const isLive = (status: string) => LIVE.has(status);

/** Where a subscription came from, when it came through a checkout this site started. */
export interface CheckoutHint {
  contractorId: number | null;
  customerId: string | null;
}

/** The contractor's billing: by subscription id, else the contractor named in its metadata (or the checkout), else the customer. */
async function findBilling(
  ctx: DbCtx,
  sub: SubscriptionInfo,
  hint: CheckoutHint | null,
  lock: boolean,
): Promise<ContractorBillingRow | null> {
  const candidates = [
    eq(contractorBilling.stripeSubscriptionId, sub.id),
    ...[sub.contractorId, hint?.contractorId]
      .filter((id): id is number => id !== null && id !== undefined)
      .map((id) => eq(contractorBilling.contractorId, id)),
    ...[sub.customerId, hint?.customerId]
      .filter((id): id is string => Boolean(id))
      .map((id) => eq(contractorBilling.stripeCustomerId, id)),
  ];
  for (const where of candidates) {
    const q = ctx.db.select().from(contractorBilling).where(where).limit(1);
    const [row] = await (lock ? q.for('update') : q);
    if (row) return row;
  }
  return null;
}

export interface SubscriptionOutcome {
  contractorId: number;
  /** Whether this subscription is now the contractor's (adopted or already current). */
  current: boolean;
  state: VerifySubscriptionResponse;
}

const stateOf = (
  b: Pick<ContractorBillingRow, 'subscriptionPlan' | 'subscriptionStatus' | 'currentPeriodEnd'>,
): VerifySubscriptionResponse => ({
  plan: b.subscriptionPlan,
  planName: planById(b.subscriptionPlan).name,
  status: b.subscriptionStatus,
  currentPeriodEnd: b.currentPeriodEnd?.toISOString() ?? null,
});

/**
 * Writes the subscription's current state to its contractor. A subscription that is not the
 * contractor's current one is taken on only when the contractor has none, when its current one
 * has ended and this one is live, or when it comes from a completed checkout and is live (an
 * upgrade); otherwise an old subscription's news changes nothing. In the caller's transaction (ctx.db).
 */
export async function applySubscription(
  ctx: ServiceCtx,
  sub: SubscriptionInfo,
  hint: CheckoutHint | null = null,
): Promise<SubscriptionOutcome | null> {
  const { db } = ctx;
  const now = ctx.clock.now();
  const b = await findBilling(ctx, sub, hint, true);
  if (!b) return null;
  const adopt =
    b.stripeSubscriptionId === sub.id ||
    b.stripeSubscriptionId === null ||
    (isLive(sub.status) && (hint !== null || !isLive(b.subscriptionStatus)));
  if (!adopt) return { contractorId: b.contractorId, current: false, state: stateOf(b) };

  // Paid plan while live; Free once it has ended; an incomplete first payment changes nothing yet.
  const plan: PlanId = isLive(sub.status)
    ? (sub.planId ?? b.subscriptionPlan)
    : ENDED.has(sub.status)
      ? 'free'
      : b.subscriptionPlan;
  const start = monthStart(now);
  const backToFree = plan === 'free' && b.subscriptionPlan !== 'free';
  const [updated] = await db
    .update(contractorBilling)
    .set({
      subscriptionPlan: plan,
      subscriptionStatus: sub.status,
      stripeSubscriptionId: sub.id,
      stripeCustomerId: sub.customerId ?? b.stripeCustomerId,
      currentPeriodEnd: sub.currentPeriodEnd,
      cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
      // Back on Free, credits follow the calendar month again.
      ...(backToFree ? { creditsPeriodStart: start, creditsResetKey: monthResetKey(start) } : {}),
    })
    .where(eq(contractorBilling.contractorId, b.contractorId))
    .returning();
  // Featured placement is the listing's (the directory reads it there); only it shows in the
  // public listing, so only its change moves updated_at (the sitemap's lastmod) and the version.
  const featured = plan === 'premium' && (sub.status === 'active' || sub.status === 'trialing');
  await db
    .update(contractors)
    .set({ isFeatured: featured, updatedAt: now })
    .where(and(eq(contractors.id, b.contractorId), ne(contractors.isFeatured, featured)));
  return { contractorId: b.contractorId, current: true, state: stateOf(updated!) };
}

/** A new paid period starts a new set of credits, once per invoice (the reset key). */
export async function resetCreditsFor(
  ctx: DbCtx,
  outcome: SubscriptionOutcome | null,
  sub: SubscriptionInfo,
  invoiceId: string | null,
): Promise<void> {
  if (!outcome?.current || !isLive(sub.status)) return;
  await resetCreditsForPeriod(
    ctx,
    outcome.contractorId,
    sub.currentPeriodStart,
    invoiceId ?? `${sub.id}:${sub.currentPeriodStart.toISOString()}`,
  );
}

/** Reads a subscription from the provider (404 when it has no such subscription). */
export async function fetchSubscription(ctx: AppContext, id: string): Promise<SubscriptionInfo> {
  return fromProvider(ctx, ctx.payments.retrieveSubscription(id), 'Subscription not found');
}

/** Fetches the subscription's current state and writes it. */
export async function syncSubscription(ctx: AppContext, subscriptionId: string): Promise<SubscriptionOutcome | null> {
  const sub = await fetchSubscription(ctx, subscriptionId);
  return inTransaction(ctx, (tx) => applySubscription(tx, sub));
}

/**
 * A checkout that completed, ready to apply: the session and its subscription are read from the
 * provider, and a different live subscription it replaces (an upgrade) is cancelled first, so a
 * contractor never pays for two plans. If that fails nothing is written and the caller retries.
 */
export async function prepareActivation(
  ctx: AppContext,
  sessionId: string,
): Promise<(tx: ServiceCtx) => Promise<SubscriptionOutcome | null>> {
  const session = await fromProvider(
    ctx,
    ctx.payments.retrieveCheckoutSession(sessionId),
    'Checkout session not found',
  );
  if (session.status !== 'complete' || !session.subscriptionId) throw conflict('This checkout has not completed');
  const sub = await fetchSubscription(ctx, session.subscriptionId);
  const hint: CheckoutHint = { contractorId: session.contractorId, customerId: session.customerId };
  await cancelReplaced(ctx, sub, hint);
  // The first invoice, for the payment history (docs/decisions/0113-self-service-billing.md).
  const invoice = await fetchInvoiceQuietly(ctx, sub.latestInvoiceId);
  return async (tx) => {
    const outcome = await applySubscription(tx, sub, hint);
    await resetCreditsFor(tx, outcome, sub, sub.latestInvoiceId);
    if (outcome?.current && invoice) await recordPlanPayment(tx, outcome.contractorId, invoice, sub.planId);
    return outcome;
  };
}

async function cancelReplaced(ctx: AppContext, sub: SubscriptionInfo, hint: CheckoutHint): Promise<void> {
  if (!isLive(sub.status)) return;
  const b = await findBilling(ctx, sub, hint, false);
  const previousId = b?.stripeSubscriptionId;
  if (!previousId || previousId === sub.id) return;
  try {
    const previous = await ctx.payments.retrieveSubscription(previousId);
    if (isLive(previous.status)) await ctx.payments.cancelSubscription(previousId);
  } catch (err) {
    if (err instanceof PaymentProviderError && err.reason === 'not_found') return;
    throw providerError(ctx, err, 'Subscription not found');
  }
}

/** POST /api/stripe/verify-subscription, and the checkout.session.completed webhook. */
export async function activateFromCheckout(ctx: AppContext, sessionId: string): Promise<VerifySubscriptionResponse> {
  const apply = await prepareActivation(ctx, sessionId);
  const outcome = await inTransaction(ctx, (tx) => apply(tx));
  if (!outcome) throw notFound('No contractor has this subscription');
  return outcome.state;
}
