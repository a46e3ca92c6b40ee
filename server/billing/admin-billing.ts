import { eq } from 'drizzle-orm';
import type { AdminContractorBilling } from '@shared/schemas/billing';
import type { AppContext } from '../context';
import { contractors } from '../db/schema';
import type { AdminScope } from '../domain/actors';
import { notFound } from '../domain/errors';
import { billingHistory } from './billing-history';
import { contractorStats } from '../contractors/contractor-stats';
import { getPortalSubscription } from '../leads/portal';

/**
 * The specification's "Contractors" tab placeholder, filled (docs/decisions/0113-self-service-billing.md):
 * subscription status and lead credits as the contractor sees them, the payment history in the
 * administrator's scope, and the performance figures of the contractor's own dashboard.
 */
export async function adminContractorBilling(
  ctx: AppContext,
  scope: AdminScope,
  contractorId: number,
): Promise<AdminContractorBilling> {
  const [c] = await ctx.db.select({ name: contractors.name }).from(contractors).where(eq(contractors.id, contractorId));
  if (!c) throw notFound('Contractor not found');
  return {
    contractorId,
    name: c.name,
    subscription: await getPortalSubscription(ctx, contractorId),
    history: await billingHistory(ctx, contractorId, scope),
    stats: await contractorStats(ctx, contractorId),
  };
}
