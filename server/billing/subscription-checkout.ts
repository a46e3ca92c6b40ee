import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { planById, type PlanId } from '@shared/plans';
import type { CreateSubscriptionResponse } from '@shared/schemas/payments';
import type { AppContext } from '../context';
import { contractorAccounts, contractorBilling, contractors, subscriptionCheckouts } from '../db/schema';
import { conflict, invalid, unauthenticated, unavailable } from '../domain/errors';
import { PaymentProviderError, type PaidPlanId } from '../integrations/payments/provider';
import { fromProvider, providerError } from './provider-errors';
import { isLive } from './subscriptions';
import { accountOfContractor, contractorEmail } from '../contractors/contractor-email';

/**
 * Starting a plan's checkout once (docs/decisions/0113-self-service-billing.md). A double click or a
 * second tab must not make two Checkout Sessions: the contractor's still-open session for the plan
 * is answered again, and a new one is made with an idempotency key naming the contractor, the plan,
 * the attempt and a hash of what is sent. Concurrent starts read the same attempt and send the same
 * key, so the provider makes one session; once that session has completed or expired the attempt
 * moves on, so a later start is a new session; and a start from another county's site (other return
 * addresses) sends other parameters under another key, never the same key with different ones, which
 * Stripe refuses for 24 hours.
 */

const hashOf = (params: Record<string, unknown>) =>
  createHash('sha256').update(JSON.stringify(params)).digest('hex').slice(0, 16);

export const checkoutIdempotencyKey = (contractorId: number, planId: PaidPlanId, attempt: number, paramsHash: string) =>
  `subscription-checkout-${contractorId}-${planId}-${attempt}-${paramsHash}`;

/** The stored session's address while it is still open and was made with these parameters; null otherwise (or when the provider no longer has it). */
async function openSessionUrl(ctx: AppContext, sessionId: string): Promise<string | null> {
  try {
    const session = await ctx.payments.retrieveCheckoutSession(sessionId);
    return session.status === 'open' ? session.url : null;
  } catch (err) {
    if (err instanceof PaymentProviderError && err.reason === 'not_found') return null;
    throw providerError(ctx, err, 'Checkout session not found');
  }
}

/** `siteUrl`: the site the contractor subscribes on, where Checkout returns (its session cookie is that host's; docs/decisions/0106-county-emails-and-jobs.md). */
export async function startSubscription(
  ctx: AppContext,
  contractorId: number,
  planId: PlanId,
  siteUrl = ctx.siteUrl,
): Promise<CreateSubscriptionResponse> {
  if (planId === 'free') throw invalid("You're already on the free plan");
  const [row] = await ctx.db
    .select({ billing: contractorBilling, email: contractorEmail })
    .from(contractors)
    .innerJoin(contractorBilling, eq(contractorBilling.contractorId, contractors.id))
    .leftJoin(contractorAccounts, accountOfContractor)
    .where(eq(contractors.id, contractorId));
  if (!row) throw unauthenticated('Please sign in to the contractor portal');
  if (row.billing.subscriptionPlan === planId && isLive(row.billing.subscriptionStatus))
    throw conflict(`You're already on the ${planById(planId).name} plan`);
  const priceId = ctx.payments.priceIdFor(planId);
  if (!priceId)
    throw unavailable(`The ${planById(planId).name} plan cannot be bought right now. Please try again later.`);

  const params = {
    planId,
    priceId,
    contractorId,
    customerEmail: row.email,
    customerId: row.billing.stripeCustomerId,
    successUrl: `${siteUrl}/subscription-success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${siteUrl}/contractor-pricing`,
  };
  const paramsHash = hashOf(params);
  const mine = and(eq(subscriptionCheckouts.contractorId, contractorId), eq(subscriptionCheckouts.planId, planId));
  await ctx.db.insert(subscriptionCheckouts).values({ contractorId, planId }).onConflictDoNothing();
  const [stored] = await ctx.db.select().from(subscriptionCheckouts).where(mine);
  let attempt = stored!.attempt;
  if (stored!.sessionId && stored!.paramsHash === paramsHash) {
    const url = await openSessionUrl(ctx, stored!.sessionId);
    if (url) return { subscriptionUrl: url };
    // Completed or expired: the next attempt. Concurrent starts move it once (the attempt they
    // read is the condition) and then all use the new one.
    await ctx.db
      .update(subscriptionCheckouts)
      .set({ attempt: attempt + 1, sessionId: null, sessionUrl: null })
      .where(and(mine, eq(subscriptionCheckouts.attempt, attempt)));
    attempt += 1;
  }

  const session = await fromProvider(
    ctx,
    ctx.payments.createCheckoutSession({
      ...params,
      idempotencyKey: checkoutIdempotencyKey(contractorId, planId, attempt, paramsHash),
    }),
    'Checkout session not found',
  );
  await ctx.db
    .update(subscriptionCheckouts)
    .set({ sessionId: session.id, sessionUrl: session.url, paramsHash })
    .where(and(mine, eq(subscriptionCheckouts.attempt, attempt)));
  return { subscriptionUrl: session.url };
}
