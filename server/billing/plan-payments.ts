import type { AppContext, ServiceCtx } from '../context';
import { subscriptionPayments } from '../db/schema';
import type { InvoiceInfo, PaidPlanId } from '../integrations/payments/provider';

/**
 * Plan payments for the payment history (docs/decisions/0113-self-service-billing.md): one row per
 * paid invoice, whichever of the invoice.paid event and the checkout's activation reads it first;
 * the unique invoice id makes a replay or the other path change nothing.
 */
export async function recordPlanPayment(
  ctx: ServiceCtx,
  contractorId: number,
  invoice: InvoiceInfo,
  planId: PaidPlanId | null,
): Promise<void> {
  if (invoice.status !== 'paid') return;
  await ctx.db
    .insert(subscriptionPayments)
    .values({
      contractorId,
      providerInvoiceId: invoice.id,
      planId,
      amountCents: invoice.amountPaidCents,
      currency: invoice.currency,
      paidAt: invoice.paidAt ?? ctx.clock.now(),
      periodStart: invoice.periodStart,
      periodEnd: invoice.periodEnd,
    })
    .onConflictDoNothing({ target: subscriptionPayments.providerInvoiceId });
}

/** The invoice as the provider holds it now; null when it cannot be read (the invoice.paid event records it later). */
export async function fetchInvoiceQuietly(
  ctx: Pick<AppContext, 'payments' | 'log'>,
  id: string | null,
): Promise<InvoiceInfo | null> {
  if (!id) return null;
  try {
    return await ctx.payments.retrieveInvoice(id);
  } catch (err) {
    ctx.log.warn('invoice not read for the payment history', {
      invoiceId: id,
      error: err instanceof Error ? err.message : String(err),
    });
    return null;
  }
}
