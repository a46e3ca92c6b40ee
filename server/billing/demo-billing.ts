import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { planById } from '@shared/plans';
import type { DemoBillingChange, DemoBillingState } from '@shared/schemas/billing';
import type { AppContext } from '../context';
import { contractorBilling } from '../db/schema';
import { conflict, notFound } from '../domain/errors';
import type { DemoPaymentProvider, DemoSubscriptionChange } from '../integrations/payments/demo';
import { PaymentProviderError, type SubscriptionInfo } from '../integrations/payments/provider';
import { processEvent } from './payment-webhooks';

/**
 * The demo provider's billing page (docs/decisions/0113-self-service-billing.md), standing in for
 * Stripe's customer portal: card, plan switch, cancel at period end. A link works for an hour and
 * only for the signed-in contractor whose customer it was made for; each change reaches the plan as
 * a customer.subscription.updated event through the webhook's path, as Stripe's would.
 */

const EXPIRED = 'This billing link has expired. Open Manage billing in the portal again.';
const NOT_FOUND = 'Billing session not found';

interface Opened {
  returnUrl: string;
  subscriptionId: string | null;
  /** The plan's status as the contractor's billing row holds it. */
  status: string;
}

async function open(
  ctx: AppContext,
  demo: DemoPaymentProvider,
  contractorId: number,
  sessionId: string,
): Promise<Opened> {
  const session = await demo.retrieveDemoBillingSession(sessionId).catch((err: unknown) => {
    if (err instanceof PaymentProviderError && err.reason === 'not_found') throw notFound(NOT_FOUND);
    throw err;
  });
  const [billing] = await ctx.db
    .select()
    .from(contractorBilling)
    .where(eq(contractorBilling.contractorId, contractorId));
  // Another contractor's link is no link at all to this one.
  if (!billing || billing.stripeCustomerId !== session.customerId) throw notFound(NOT_FOUND);
  if (ctx.clock.now() > session.expiresAt) throw conflict(EXPIRED);
  return {
    returnUrl: session.returnUrl,
    subscriptionId: billing.stripeSubscriptionId,
    status: billing.subscriptionStatus,
  };
}

async function stateOf(
  ctx: AppContext,
  demo: DemoPaymentProvider,
  opened: Opened,
  sub?: SubscriptionInfo,
): Promise<DemoBillingState> {
  const current = sub ?? (opened.subscriptionId ? await demo.retrieveSubscription(opened.subscriptionId) : null);
  const plan = current && current.status !== 'canceled' ? (current.planId ?? 'free') : 'free';
  return {
    returnUrl: opened.returnUrl,
    plan,
    planName: planById(plan).name,
    status: current?.status ?? 'none',
    cancelAtPeriodEnd: current?.cancelAtPeriodEnd ?? false,
    currentPeriodEnd: current?.currentPeriodEnd.toISOString() ?? null,
    cardLast4: current ? await demo.demoCardLast4(current.id) : null,
  };
}

export async function readDemoBilling(
  ctx: AppContext,
  demo: DemoPaymentProvider,
  contractorId: number,
  sessionId: string,
): Promise<DemoBillingState> {
  const opened = await open(ctx, demo, contractorId, sessionId);
  const sub = opened.subscriptionId ? await demo.retrieveSubscription(opened.subscriptionId) : undefined;
  // A plan set to cancel whose period has passed has ended at the demo provider: the plan follows, as Stripe's deleted event would make it.
  if (sub?.status === 'canceled' && opened.status !== 'canceled') {
    await processEvent(ctx, {
      id: `demo_evt_${sub.id}_deleted`,
      type: 'customer.subscription.deleted',
      object: { id: sub.id },
    });
  }
  return stateOf(ctx, demo, opened, sub);
}

const CHANGES: Record<DemoBillingChange['action'], (c: DemoBillingChange) => DemoSubscriptionChange> = {
  cancel: () => ({ cancelAtPeriodEnd: true }),
  resume: () => ({ cancelAtPeriodEnd: false }),
  switch: (c) => ({ planId: (c as { planId: 'pro' | 'premium' }).planId }),
  card: (c) => ({ cardLast4: (c as { cardNumber: string }).cardNumber.slice(-4) }),
};

export async function changeDemoBilling(
  ctx: AppContext,
  demo: DemoPaymentProvider,
  contractorId: number,
  sessionId: string,
  change: DemoBillingChange,
): Promise<DemoBillingState> {
  const opened = await open(ctx, demo, contractorId, sessionId);
  if (!opened.subscriptionId) throw conflict('You have no plan to change. Choose a paid plan first.');
  const sub = await demo
    .changeDemoSubscription(opened.subscriptionId, CHANGES[change.action](change))
    .catch((err: unknown) => {
      if (err instanceof PaymentProviderError)
        throw err.reason === 'not_found' ? notFound(NOT_FOUND) : conflict(err.message);
      throw err;
    });
  // As Stripe sends it: the event names the subscription, whose state is read back from the provider.
  await processEvent(ctx, {
    id: `demo_evt_${sub.id}_updated_${randomBytes(8).toString('hex')}`,
    type: 'customer.subscription.updated',
    object: { id: sub.id },
  });
  return stateOf(ctx, demo, opened, sub);
}
