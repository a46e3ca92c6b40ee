import { and, eq, inArray, isNull } from 'drizzle-orm';
import { inTransaction, type AppContext } from '../../context';
import { leads } from '../../db/schema';
import type { AdminScope } from '../../domain/actors';
import { conflict, notFound } from '../../domain/errors';
import { inScope } from '../../counties/admin-scope';
import { releaseLead } from './release';

/**
 * An administrator's answers to a held lead besides delivering it (docs/decisions/0117-lead-routing.md):
 * send it to the homeowner's alternatives (released: the homeowner gets the one email), or reject
 * it (spam, a duplicate: it goes nowhere).
 */
async function lockHeld(tx: AppContext, scope: AdminScope, leadId: number) {
  const [lead] = await tx.db
    .select()
    .from(leads)
    .where(and(eq(leads.id, leadId), inScope(scope, leads.regionId)))
    .for('update');
  if (!lead) throw notFound('Lead not found');
  if (lead.status !== 'new' || !['pending', 'held'].includes(lead.routing) || lead.withdrawnAt || lead.erasedAt)
    throw conflict('Only a lead waiting for delivery can be sent on or rejected');
  return lead;
}

export async function sendToAlternatives(ctx: AppContext, scope: AdminScope, leadId: number): Promise<void> {
  await inTransaction(ctx, async (tx) => releaseLead(tx, await lockHeld(tx, scope, leadId), 'offered_others'));
}

export async function rejectLead(ctx: AppContext, scope: AdminScope, leadId: number): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const lead = await lockHeld(tx, scope, leadId);
    await tx.db
      .update(leads)
      .set({ routing: 'rejected', routingReason: 'rejected', routedAt: tx.clock.now() })
      .where(and(eq(leads.id, lead.id), inArray(leads.routing, ['pending', 'held']), isNull(leads.withdrawnAt)));
  });
}
