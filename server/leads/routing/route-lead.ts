import { and, eq } from 'drizzle-orm';
import { inTransaction, type AppContext } from '../../context';
import { leads, regions } from '../../db/schema';
import { DomainError } from '../../domain/errors';
import { DeliveryRefused, settleDelivery } from '../deliveries';
import { inviteForRequest } from '../../contractors/claims/claim-invitations';
import { heldReason } from './checks';
import { releaseLead } from './release';

/** The queue of new quote requests: createLead enqueues one job per lead in its own transaction, so a stored lead is always routed. */
export const ROUTE_LEAD = 'route-lead';
export interface RouteLeadJob {
  leadId: number;
}

/**
 * Routes one quote request (docs/decisions/0117-lead-routing.md): a request that fails a check, or
 * any request of a county delivering by hand, is held for an administrator; otherwise it is
 * delivered to the contractor the homeowner chose by the administrator's own path (settleDelivery),
 * or released when that contractor cannot take it. Runs once per lead: a lead no longer pending
 * (an administrator was quicker, the homeowner withdrew) is left as it is.
 */
export async function routeLead(ctx: AppContext, leadId: number): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    // The row lock orders this against an administrator delivering the same lead.
    const [lead] = await tx.db
      .select()
      .from(leads)
      .where(and(eq(leads.id, leadId), eq(leads.routing, 'pending')))
      .for('update');
    if (!lead || lead.status !== 'new' || lead.withdrawnAt || lead.erasedAt) return;
    const [county] = await tx.db
      .select({ leadDelivery: regions.leadDelivery })
      .from(regions)
      .where(eq(regions.id, lead.regionId));
    const held = await heldReason(tx, lead, county ?? { leadDelivery: 'manual' });
    if (held) {
      await tx.db
        .update(leads)
        .set({ routing: 'held', routingReason: held, routedAt: tx.clock.now() })
        .where(eq(leads.id, lead.id));
      // The business learns of the request by an invitation to claim its free listing (docs/decisions/0131-listing-claims.md).
      if (held === 'unclaimed') await inviteForRequest(tx, lead.requestedContractorId!, lead);
      return;
    }
    try {
      // A savepoint: a refused delivery leaves nothing behind but the release.
      await inTransaction(tx, (inner) =>
        settleDelivery(inner, { kind: 'system' }, { leadId: lead.id, contractorId: lead.requestedContractorId! }),
      );
    } catch (e) {
      if (e instanceof DeliveryRefused) return releaseLead(tx, lead, e.reason);
      // The contractor's row is gone: nobody to deliver to, an administrator decides.
      if (e instanceof DomainError && e.kind === 'not_found') {
        await tx.db
          .update(leads)
          .set({ routing: 'held', routingReason: 'no_contractor', routedAt: tx.clock.now() })
          .where(eq(leads.id, lead.id));
        return;
      }
      throw e;
    }
  });
}
