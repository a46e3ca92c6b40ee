import { eq } from 'drizzle-orm';
import type { CancelledDelivery } from '@shared/schemas/lead-claims';
import { inTransaction, type AppContext } from '../context';
import { leadDeliveries, leads } from '../db/schema';
import { conflict, notFound } from '../domain/errors';
import { sendCancellation } from './claim-emails';
import { hasOpenClaim } from './lead-claims';
import { refundDto, startRefund } from './refunds';
import { lockDelivery } from './delivery-lock';

/**
 * POST /api/lead-deliveries/:id/cancel (docs/decisions/0049-cancelled-deliveries.md): the administrator
 * takes a delivery back. What was paid comes back as for an approved claim (a card payment refunded to
 * the card, a plan credit as a bonus credit), unless an approved claim gave it back already; a delivery
 * awaiting payment simply ends (a payment that still arrives is refunded). The lead is new again, so it
 * can be delivered to someone else. A delivery with an open claim waits for the decision.
 */
export async function cancelDelivery(ctx: AppContext, deliveryId: number): Promise<CancelledDelivery> {
  return inTransaction(ctx, async (tx) => {
    // The row lock orders this against a payment, a claim and its decision.
    const d = await lockDelivery(tx, deliveryId);
    if (!d) throw notFound('Delivery not found');
    if (d.paymentState === 'cancelled') throw conflict('This delivery was already cancelled');
    if (await hasOpenClaim(tx, d.id)) throw conflict('This lead has an open claim: approve or deny it first');

    await tx.db
      .update(leadDeliveries)
      .set({ paymentState: 'cancelled', cancelledAt: tx.clock.now() })
      .where(eq(leadDeliveries.id, d.id));
    // Held again for an administrator, who may deliver it to someone else (docs/decisions/0117-lead-routing.md).
    await tx.db
      .update(leads)
      .set({
        status: 'new',
        routing: 'held',
        routingReason: 'cancelled',
        routedAt: tx.clock.now(),
        updatedAt: tx.clock.now(),
      })
      .where(eq(leads.id, d.leadId));

    const refund = d.paymentState === 'awaiting_payment' ? null : await startRefund(tx, d, 'cancellation');
    await sendCancellation(
      tx,
      d.id,
      refund
        ? { method: refund.method, amountCents: refund.amountCents }
        : d.paymentState === 'awaiting_payment'
          ? 'unpaid'
          : 'refunded-before',
    );
    return { id: d.id, leadId: d.leadId, paymentState: 'cancelled', refund: refund && refundDto(refund) };
  });
}
