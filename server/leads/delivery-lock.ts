import { eq, getTableColumns } from 'drizzle-orm';
import type { DbCtx } from '../context';
import { leadDeliveries, leads } from '../db/schema';
import { leadOfDelivery } from '../db/delivery-joins';

/**
 * A delivery's row and its lead's status, read under the delivery's row lock for the rest of the
 * transaction (ctx.db): a payment, a claim, its decision, a cancellation and a release of one
 * delivery happen one after the other, each finding the state the one before left. Only the
 * delivery's row is locked, not its lead's.
 */
export async function lockDelivery(ctx: DbCtx, deliveryId: number) {
  const [d] = await ctx.db
    .select({ ...getTableColumns(leadDeliveries), leadStatus: leads.status })
    .from(leadDeliveries)
    .innerJoin(leads, leadOfDelivery)
    .where(eq(leadDeliveries.id, deliveryId))
    .for('update', { of: leadDeliveries });
  return d ?? null;
}
