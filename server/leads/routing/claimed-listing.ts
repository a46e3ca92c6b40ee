import { and, eq, lt, sql } from 'drizzle-orm';
import { inTransaction, type AppContext } from '../../context';
import { leads, regions } from '../../db/schema';
import { releaseLead } from './release';
import { ROUTE_LEAD, type RouteLeadJob } from './route-lead';

/**
 * The requests held while their business had not claimed its listing
 * (docs/decisions/0131-listing-claims.md): once it is claimed they are routed as any request is;
 * one still held past its county's hours is released and its homeowner offered others.
 */

/** After a claim: each held request of the listing goes back to the routing queue. */
export async function routeClaimedListing(ctx: AppContext, contractorId: number): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const held = await tx.db
      .update(leads)
      .set({ routing: 'pending', routingReason: null })
      .where(
        and(
          eq(leads.requestedContractorId, contractorId),
          eq(leads.routing, 'held'),
          eq(leads.routingReason, 'unclaimed'),
        ),
      )
      .returning({ id: leads.id });
    for (const { id } of held) await tx.jobs.send(ROUTE_LEAD, { leadId: id } satisfies RouteLeadJob, tx.db);
  });
}

/** The recurring sweep: requests held for an unclaimed listing past their county's hours. Returns how many were released. */
export async function releaseUnclaimedLeads(ctx: AppContext): Promise<number> {
  const due = await ctx.db
    .select({ id: leads.id })
    .from(leads)
    .innerJoin(regions, eq(regions.id, leads.regionId))
    .where(
      and(
        eq(leads.routing, 'held'),
        eq(leads.routingReason, 'unclaimed'),
        lt(leads.routedAt, sql`${ctx.clock.now()}::timestamptz - make_interval(hours => ${regions.releaseAfterHours})`),
      ),
    )
    .limit(500);
  let released = 0;
  for (const { id } of due)
    await inTransaction(ctx, async (tx) => {
      const [lead] = await tx.db
        .select()
        .from(leads)
        .where(and(eq(leads.id, id), eq(leads.routing, 'held'), eq(leads.routingReason, 'unclaimed')))
        .for('update');
      if (!lead) return;
      await releaseLead(tx, lead, 'unclaimed');
      released++;
    });
  return released;
}
