import { eq } from 'drizzle-orm';
import type { BillingPortalResponse } from '@shared/schemas/billing';
import type { AppContext } from '../context';
import { contractorBilling } from '../db/schema';
import { conflict, unauthenticated } from '../domain/errors';
import { fromProvider } from './provider-errors';

export const NO_BILLING_ACCOUNT = 'You have no billing account yet. Choose a paid plan first.';

/**
 * "Manage billing": a session of the provider's customer portal for the contractor's customer
 * (docs/decisions/0113-self-service-billing.md), returning to the portal's Subscription section on
 * the site it was opened from. What the portal offers is the provider's configuration; the plan
 * follows its events.
 */
export async function openBillingPortal(
  ctx: AppContext,
  contractorId: number,
  siteUrl = ctx.siteUrl,
): Promise<BillingPortalResponse> {
  const [billing] = await ctx.db
    .select({ customerId: contractorBilling.stripeCustomerId })
    .from(contractorBilling)
    .where(eq(contractorBilling.contractorId, contractorId));
  if (!billing) throw unauthenticated('Please sign in to the contractor portal');
  if (!billing.customerId) throw conflict(NO_BILLING_ACCOUNT);
  return fromProvider(
    ctx,
    ctx.payments.createBillingPortalSession({
      customerId: billing.customerId,
      returnUrl: `${siteUrl}/contractor?section=subscription`,
    }),
    'Billing account not found',
  );
}
