import { and, eq, gte, isNotNull, lt, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { centsToDecimal } from '@shared/money';
import { planById } from '@shared/plans';
import type { BillingEntry, BillingReceipt } from '@shared/schemas/billing';
import type { AppContext, DbCtx } from '../context';
import { contractors, leadDeliveries, leadRefunds, leads, regions, subscriptionPayments } from '../db/schema';
import type { AdminScope } from '../domain/actors';
import { notFound } from '../domain/errors';
import { inScope } from '../counties/admin-scope';

/**
 * The payment history (docs/decisions/0113-self-service-billing.md): card payments for leads, plan
 * payments (paid invoices), lead credits used and refunds, newest first. A county administrator's
 * view holds only their counties' leads' entries and no plan payments (they are the platform's).
 */

export interface HistoryFilter {
  /** One contractor; every contractor in the scope without it (the export). */
  contractorId?: number;
  /** The administrator's scope; none for the contractor's own view. */
  scope?: AdminScope;
  from?: Date;
  to?: Date;
}

/** An entry with what the export adds: whose it is and the lead's county. */
export interface HistoryRow extends BillingEntry {
  contractorId: number;
  contractorName: string;
  county: string | null;
}

const REFUND_CAUSE: Record<string, string> = { claim: 'bad lead claim approved', cancellation: 'delivery cancelled' };

function window(column: PgColumn, f: HistoryFilter): SQL[] {
  return [f.from ? gte(column, f.from) : undefined, f.to ? lt(column, f.to) : undefined].filter((x): x is SQL => x !== undefined);
}

/** Where the receipt is: the provider's own for card money on Stripe (a redirect looked up when asked), else our printable page. */
function receiptPath(ctx: Pick<AppContext, 'payments'>, id: string, providerReceipt: boolean): string {
  return providerReceipt && ctx.payments.kind === 'stripe' ? `/api/contractor/payments/${id}/receipt` : `/contractor/receipts/${id}`;
}

export async function historyRows(ctx: Pick<AppContext, 'db' | 'payments'>, f: HistoryFilter): Promise<HistoryRow[]> {
  const leadScope = f.scope ? inScope(f.scope, leads.regionId) : undefined;
  const ofContractor = (col: typeof leadDeliveries.contractorId | typeof subscriptionPayments.contractorId) => (f.contractorId === undefined ? undefined : eq(col, f.contractorId));

  const deliveries = await ctx.db
    .select({
      id: leadDeliveries.id,
      contractorId: leadDeliveries.contractorId,
      contractorName: contractors.name,
      leadId: leads.id,
      serviceNeeded: leads.serviceNeeded,
      location: leads.location,
      county: regions.name,
      priceCents: leadDeliveries.priceCents,
      paymentIntentId: leadDeliveries.paymentIntentId,
      paidAt: leadDeliveries.paidAt,
      creditedAt: leadDeliveries.creditedAt,
    })
    .from(leadDeliveries)
    .innerJoin(leads, eq(leads.id, leadDeliveries.leadId))
    .innerJoin(contractors, eq(contractors.id, leadDeliveries.contractorId))
    .leftJoin(regions, eq(regions.id, leads.regionId))
    .where(and(ofContractor(leadDeliveries.contractorId), leadScope, or(isNotNull(leadDeliveries.paidAt), isNotNull(leadDeliveries.creditedAt))));

  const refunds = await ctx.db
    .select({
      id: leadRefunds.id,
      contractorId: leadDeliveries.contractorId,
      contractorName: contractors.name,
      leadId: leads.id,
      serviceNeeded: leads.serviceNeeded,
      county: regions.name,
      cause: leadRefunds.cause,
      method: leadRefunds.method,
      status: leadRefunds.status,
      amountCents: leadRefunds.amountCents,
      refundedAt: leadRefunds.refundedAt,
      createdAt: leadRefunds.createdAt,
    })
    .from(leadRefunds)
    .innerJoin(leadDeliveries, eq(leadDeliveries.id, leadRefunds.deliveryId))
    .innerJoin(leads, eq(leads.id, leadDeliveries.leadId))
    .innerJoin(contractors, eq(contractors.id, leadDeliveries.contractorId))
    .leftJoin(regions, eq(regions.id, leads.regionId))
    .where(and(ofContractor(leadDeliveries.contractorId), leadScope, ...window(leadRefunds.createdAt, f)));

  // Plan payments are the platform's, not a county's.
  const plans =
    f.scope && f.scope.role !== 'platform'
      ? []
      : await ctx.db
          .select({ row: subscriptionPayments, contractorName: contractors.name })
          .from(subscriptionPayments)
          .innerJoin(contractors, eq(contractors.id, subscriptionPayments.contractorId))
          .where(and(ofContractor(subscriptionPayments.contractorId), ...window(subscriptionPayments.paidAt, f)));

  const rows: HistoryRow[] = [];
  for (const d of deliveries) {
    const at = d.paidAt ?? d.creditedAt!;
    if ((f.from && at < f.from) || (f.to && at >= f.to)) continue;
    const base = { contractorId: d.contractorId, contractorName: d.contractorName, county: d.county, leadId: d.leadId, date: at.toISOString(), status: 'succeeded' };
    const what = `Lead #${d.leadId}: ${d.serviceNeeded}, ${d.location}`;
    if (d.paidAt) {
      const id = `lead-${d.id}`;
      const card = d.paymentIntentId !== null;
      rows.push({ ...base, id, kind: 'lead_payment', description: what, amount: centsToDecimal(d.priceCents), method: card ? 'card' : 'offline', receiptPath: receiptPath(ctx, id, card) });
    } else {
      const id = `credit-${d.id}`;
      rows.push({ ...base, id, kind: 'credit', description: `${what} (1 lead credit)`, amount: '0.00', method: 'credit', receiptPath: receiptPath(ctx, id, false) });
    }
  }
  for (const r of refunds) {
    const id = `refund-${r.id}`;
    const what = r.method === 'credit' ? '1 lead credit returned' : 'Refund';
    rows.push({
      id,
      kind: 'refund',
      contractorId: r.contractorId,
      contractorName: r.contractorName,
      county: r.county,
      leadId: r.leadId,
      date: (r.refundedAt ?? r.createdAt).toISOString(),
      description: `${what} for lead #${r.leadId}: ${r.serviceNeeded} (${REFUND_CAUSE[r.cause] ?? r.cause})`,
      amount: r.method === 'credit' ? '0.00' : centsToDecimal(r.amountCents),
      method: r.method,
      status: r.status,
      receiptPath: receiptPath(ctx, id, r.method === 'card'),
    });
  }
  for (const { row: p, contractorName } of plans) {
    const id = `plan-${p.id}`;
    const plan = p.planId ? planById(p.planId).name : 'Plan';
    const period = p.periodStart && p.periodEnd ? ` (${p.periodStart.toISOString().slice(0, 10)} to ${p.periodEnd.toISOString().slice(0, 10)})` : '';
    rows.push({
      id,
      kind: 'plan_payment',
      contractorId: p.contractorId,
      contractorName,
      county: null,
      leadId: null,
      date: p.paidAt.toISOString(),
      description: `${plan} plan, monthly${period}`,
      amount: centsToDecimal(p.amountCents),
      method: 'card',
      status: 'succeeded',
      receiptPath: receiptPath(ctx, id, true),
    });
  }
  return rows.sort((a, b) => (a.date === b.date ? b.id.localeCompare(a.id) : b.date.localeCompare(a.date)));
}

const entryOf = ({ contractorId: _c, contractorName: _n, county: _r, ...entry }: HistoryRow): BillingEntry => entry;

/** The contractor's own history, or one contractor's in an administrator's scope. */
export async function billingHistory(ctx: Pick<AppContext, 'db' | 'payments'>, contractorId: number, scope?: AdminScope): Promise<BillingEntry[]> {
  return (await historyRows(ctx, { contractorId, scope })).map(entryOf);
}

/** One entry of the contractor's own history, for its receipt. */
export async function billingEntry(ctx: Pick<AppContext, 'db' | 'payments'>, contractorId: number, entryId: string): Promise<HistoryRow> {
  const row = (await historyRows(ctx, { contractorId })).find((r) => r.id === entryId);
  if (!row) throw notFound('Payment not found');
  return row;
}

/** The printable receipt's content (our receipt page). */
export async function billingReceipt(ctx: Pick<AppContext, 'db' | 'payments'>, contractorId: number, entryId: string): Promise<BillingReceipt> {
  const row = await billingEntry(ctx, contractorId, entryId);
  return { entry: entryOf(row), contractorName: row.contractorName };
}

/** Where the provider's own receipt is (Stripe's receipt_url, the invoice's page); null when it has none. */
export async function providerReceiptUrl(ctx: Pick<AppContext, 'db' | 'payments' | 'log'>, contractorId: number, entryId: string): Promise<string | null> {
  await billingEntry(ctx, contractorId, entryId);
  const [kind, idText] = entryId.split('-') as [string, string];
  const id = Number(idText);
  const object = await providerObject(ctx, kind, id);
  if (!object) return null;
  return ctx.payments.receiptUrl(object);
}

async function providerObject(ctx: DbCtx, kind: string, id: number): Promise<{ paymentIntentId: string } | { invoiceId: string } | null> {
  if (kind === 'plan') {
    const [p] = await ctx.db.select({ invoiceId: subscriptionPayments.providerInvoiceId }).from(subscriptionPayments).where(eq(subscriptionPayments.id, id));
    return p ? { invoiceId: p.invoiceId } : null;
  }
  if (kind === 'lead') {
    const [d] = await ctx.db.select({ pi: leadDeliveries.paymentIntentId }).from(leadDeliveries).where(eq(leadDeliveries.id, id));
    return d?.pi ? { paymentIntentId: d.pi } : null;
  }
  if (kind === 'refund') {
    // A card refund shows on the payment's receipt.
    const [r] = await ctx.db.select({ pi: leadRefunds.paymentIntentId }).from(leadRefunds).where(eq(leadRefunds.id, id));
    return r?.pi ? { paymentIntentId: r.pi } : null;
  }
  return null;
}
