import { eq } from 'drizzle-orm';
import type { DbCtx } from '../context';
import { contractorAccounts, contractors, leadDeliveries, leads } from '../db/schema';
import { accountOfContractor, contractorEmail } from '../contractors/contractor-email';
import { contractorOfDelivery, leadOfDelivery } from '../db/delivery-joins';

/**
 * A delivery's lead and the contractor it went to, for the emails about it: `email` is the portal
 * sign-in's address when there is one, else the listing's business address. Null when there is no
 * such delivery.
 */
export async function deliveryParties(ctx: DbCtx, deliveryId: number) {
  const [row] = await ctx.db
    .select({
      lead: leads,
      priceCents: leadDeliveries.priceCents,
      contractorId: contractors.id,
      contractorName: contractors.name,
      email: contractorEmail,
    })
    .from(leadDeliveries)
    .innerJoin(leads, leadOfDelivery)
    .innerJoin(contractors, contractorOfDelivery)
    .leftJoin(contractorAccounts, accountOfContractor)
    .where(eq(leadDeliveries.id, deliveryId));
  return row ?? null;
}

export type DeliveryParties = NonNullable<Awaited<ReturnType<typeof deliveryParties>>>;
