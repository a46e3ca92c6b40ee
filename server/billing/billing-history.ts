import { and, desc, eq, gte, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { centsToDecimal } from '@shared/money';
import { planById } from '@shared/plans';
import type { BillingEntry, BillingReceipt } from '@shared/schemas/billing';
import type { AppContext, DbCtx } from '../context';
import { contractors, leadDeliveries, leadRefunds, leads, regions, subscriptionPayments } from '../db/schema';
import { contractorOfDelivery, leadOfDelivery, refundOfDelivery, regionOfLead } from '../db/delivery-joins';
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

function window(at: SQL, f: HistoryFilter): SQL[] {
  return [f.from ? gte(at, f.from) : undefined, f.to ? lt(at, f.to) : undefined].filter(
    (x): x is SQL => x !== undefined,
  );
}

/** Where the receipt is: the provider's own for card money on Stripe (a redirect looked up when asked), else our printable page. */
function receiptPath(ctx: Pick<AppContext, 'payments'>, id: string, providerReceipt: boolean): string {
  return providerReceipt && ctx.payments.kind === 'stripe'
    ? `/api/contractor/payments/${id}/receipt`
    : `/contractor/receipts/${id}`;
}

/**
 * A batch of one kind's rows for the export, newest first (by its date, then its id), resumed after
 * the last row of the batch before it. `at` is the date as PostgreSQL's own UTC text to the
 * microsecond (a JavaScript date keeps milliseconds only), which also orders the kinds' rows against
 * each other.
 */
interface Batch {
  after: { at: string; id: number } | null;
  size: number;
}

const utcText = (at: PgColumn | SQL) => sql<string>`to_char(${at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`;

/** The newest-first order of a kind's rows, and its batch's condition when there is one. */
function newestFirst(at: PgColumn | SQL, id: PgColumn, batch: Batch | undefined) {
  return {
    after: batch?.after
      ? sql`(${at}, ${id}) < (${batch.after.at}::timestamp at time zone 'UTC', ${batch.after.id})`
      : undefined,
    order: [desc(at), desc(id)],
    size: batch?.size ?? MAX_ROWS,
  };
}

/** A contractor's own history is read whole; a batch of the export is far smaller. */
const MAX_ROWS = 1_000_000;

type Filter = HistoryFilter & { leadScope: SQL | undefined };

const ofContractor = (
  f: HistoryFilter,
  col: typeof leadDeliveries.contractorId | typeof subscriptionPayments.contractorId,
) => (f.contractorId === undefined ? undefined : eq(col, f.contractorId));

/** Leads paid for or taken with a credit: dated when paid or credited. */
function deliveryRows(ctx: Pick<AppContext, 'db' | 'payments'>, f: Filter, batch?: Batch) {
  const at = sql`coalesce(${leadDeliveries.paidAt}, ${leadDeliveries.creditedAt})`;
  const page = newestFirst(at, leadDeliveries.id, batch);
  return ctx.db
    .select({
      id: leadDeliveries.id,
      at: utcText(at),
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
    .innerJoin(leads, leadOfDelivery)
    .innerJoin(contractors, contractorOfDelivery)
    .leftJoin(regions, regionOfLead)
    .where(
      and(
        ofContractor(f, leadDeliveries.contractorId),
        f.leadScope,
        or(isNotNull(leadDeliveries.paidAt), isNotNull(leadDeliveries.creditedAt)),
        ...window(at, f),
        page.after,
      ),
    )
    .orderBy(...page.order)
    .limit(page.size)
    .then((rows) =>
      rows.map((d): HistoryRow & { at: string } => {
        const base = {
          at: d.at,
          contractorId: d.contractorId,
          contractorName: d.contractorName,
          county: d.county,
          leadId: d.leadId,
          date: (d.paidAt ?? d.creditedAt!).toISOString(),
          status: 'succeeded',
        };
        const what = `Lead #${d.leadId}: ${d.serviceNeeded}, ${d.location}`;
        if (d.paidAt) {
          const id = `lead-${d.id}`;
          const card = d.paymentIntentId !== null;
          return {
            ...base,
            id,
            kind: 'lead_payment',
            description: what,
            amount: centsToDecimal(d.priceCents),
            method: card ? 'card' : 'offline',
            receiptPath: receiptPath(ctx, id, card),
          };
        }
        const id = `credit-${d.id}`;
        return {
          ...base,
          id,
          kind: 'credit',
          description: `${what} (1 lead credit)`,
          amount: '0.00',
          method: 'credit',
          receiptPath: receiptPath(ctx, id, false),
        };
      }),
    );
}

/** What was given back: dated when refunded, or when asked for while pending. */
function refundRows(ctx: Pick<AppContext, 'db' | 'payments'>, f: Filter, batch?: Batch) {
  const at = sql`coalesce(${leadRefunds.refundedAt}, ${leadRefunds.createdAt})`;
  const page = newestFirst(at, leadRefunds.id, batch);
  return (
    ctx.db
      .select({
        id: leadRefunds.id,
        at: utcText(at),
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
      .innerJoin(leadDeliveries, refundOfDelivery)
      .innerJoin(leads, leadOfDelivery)
      .innerJoin(contractors, contractorOfDelivery)
      .leftJoin(regions, regionOfLead)
      // The period is of the date the entry shows (it was of the request for the refund, which hid a refund made later from its month).
      .where(and(ofContractor(f, leadDeliveries.contractorId), f.leadScope, ...window(at, f), page.after))
      .orderBy(...page.order)
      .limit(page.size)
      .then((rows) =>
        rows.map((r): HistoryRow & { at: string } => {
          const id = `refund-${r.id}`;
          const what = r.method === 'credit' ? '1 lead credit returned' : 'Refund';
          return {
            at: r.at,
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
          };
        }),
      )
  );
}

/** Plan payments (paid invoices): the platform's, not a county's, so none in a county administrator's view. */
async function planRows(
  ctx: Pick<AppContext, 'db' | 'payments'>,
  f: Filter,
  batch?: Batch,
): Promise<(HistoryRow & { at: string })[]> {
  if (f.scope && f.scope.role !== 'platform') return [];
  const page = newestFirst(subscriptionPayments.paidAt, subscriptionPayments.id, batch);
  const rows = await ctx.db
    .select({ row: subscriptionPayments, at: utcText(subscriptionPayments.paidAt), contractorName: contractors.name })
    .from(subscriptionPayments)
    .innerJoin(contractors, eq(contractors.id, subscriptionPayments.contractorId))
    .where(
      and(
        ofContractor(f, subscriptionPayments.contractorId),
        ...window(sql`${subscriptionPayments.paidAt}`, f),
        page.after,
      ),
    )
    .orderBy(...page.order)
    .limit(page.size);
  return rows.map(({ row: p, at, contractorName }) => {
    const id = `plan-${p.id}`;
    const plan = p.planId ? planById(p.planId).name : 'Plan';
    const period =
      p.periodStart && p.periodEnd
        ? ` (${p.periodStart.toISOString().slice(0, 10)} to ${p.periodEnd.toISOString().slice(0, 10)})`
        : '';
    return {
      at,
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
    };
  });
}

const withScope = (f: HistoryFilter): Filter => ({
  ...f,
  leadScope: f.scope ? inScope(f.scope, leads.regionId) : undefined,
});
const withoutAt = ({ at: _at, ...row }: HistoryRow & { at: string }): HistoryRow => row;

export async function historyRows(
  ctx: Pick<AppContext, 'db' | 'payments'>,
  filter: HistoryFilter,
): Promise<HistoryRow[]> {
  const f = withScope(filter);
  const rows = (await Promise.all([deliveryRows(ctx, f), refundRows(ctx, f), planRows(ctx, f)])).flat().map(withoutAt);
  return rows.sort((a, b) => (a.date === b.date ? b.id.localeCompare(a.id) : b.date.localeCompare(a.date)));
}

/** The kinds in the order the export gives entries of the same microsecond: refunds, plan payments, then leads. */
const KINDS = [refundRows, planRows, deliveryRows] as const;

/**
 * Every entry of the filter, newest first, read a batch of each kind at a time and merged
 * (docs/decisions/0113-self-service-billing.md): the export of every county's payments never holds
 * more than a batch of each kind. Entries of the same microsecond come refunds first, then plan
 * payments, then leads, each kind newest id first.
 */
export async function* historyInBatches(
  ctx: Pick<AppContext, 'db' | 'payments'>,
  filter: HistoryFilter,
  size: number,
): AsyncGenerator<HistoryRow> {
  const f = withScope(filter);
  const kinds = KINDS.map((read) => ({
    read,
    rows: [] as (HistoryRow & { at: string })[],
    after: null as Batch['after'],
    done: false,
  }));
  const idOf = (row: HistoryRow) => Number(row.id.slice(row.id.indexOf('-') + 1));
  for (;;) {
    for (const k of kinds) {
      if (k.rows.length || k.done) continue;
      k.rows = await k.read(ctx, f, { after: k.after, size });
      const last = k.rows.at(-1);
      if (last) k.after = { at: last.at, id: idOf(last) };
      if (k.rows.length < size) k.done = true;
    }
    // The newest head: a later microsecond, else the earlier kind in KINDS.
    let next: (typeof kinds)[number] | undefined;
    for (const k of kinds) if (k.rows.length && (!next || k.rows[0]!.at > next.rows[0]!.at)) next = k;
    if (!next) return;
    yield withoutAt(next.rows.shift()!);
  }
}

const entryOf = ({ contractorId: _c, contractorName: _n, county: _r, ...entry }: HistoryRow): BillingEntry => entry;

/** The contractor's own history, or one contractor's in an administrator's scope. */
export async function billingHistory(
  ctx: Pick<AppContext, 'db' | 'payments'>,
  contractorId: number,
  scope?: AdminScope,
): Promise<BillingEntry[]> {
  return (await historyRows(ctx, { contractorId, scope })).map(entryOf);
}

/** One entry of the contractor's own history, for its receipt. */
export async function billingEntry(
  ctx: Pick<AppContext, 'db' | 'payments'>,
  contractorId: number,
  entryId: string,
): Promise<HistoryRow> {
  const row = (await historyRows(ctx, { contractorId })).find((r) => r.id === entryId);
  if (!row) throw notFound('Payment not found');
  return row;
}

/** The printable receipt's content (our receipt page). */
export async function billingReceipt(
  ctx: Pick<AppContext, 'db' | 'payments'>,
  contractorId: number,
  entryId: string,
): Promise<BillingReceipt> {
  const row = await billingEntry(ctx, contractorId, entryId);
  return { entry: entryOf(row), contractorName: row.contractorName };
}

/** Where the provider's own receipt is (Stripe's receipt_url, the invoice's page); null when it has none. */
export async function providerReceiptUrl(
  ctx: Pick<AppContext, 'db' | 'payments' | 'log'>,
  contractorId: number,
  entryId: string,
): Promise<string | null> {
  await billingEntry(ctx, contractorId, entryId);
  const [kind, idText] = entryId.split('-') as [string, string];
  const id = Number(idText);
  const object = await providerObject(ctx, kind, id);
  if (!object) return null;
  return ctx.payments.receiptUrl(object);
}

async function providerObject(
  ctx: DbCtx,
  kind: string,
  id: number,
): Promise<{ paymentIntentId: string } | { invoiceId: string } | null> {
  if (kind === 'plan') {
    const [p] = await ctx.db
      .select({ invoiceId: subscriptionPayments.providerInvoiceId })
      .from(subscriptionPayments)
      .where(eq(subscriptionPayments.id, id));
    return p ? { invoiceId: p.invoiceId } : null;
  }
  if (kind === 'lead') {
    const [d] = await ctx.db
      .select({ pi: leadDeliveries.paymentIntentId })
      .from(leadDeliveries)
      .where(eq(leadDeliveries.id, id));
    return d?.pi ? { paymentIntentId: d.pi } : null;
  }
  if (kind === 'refund') {
    // A card refund shows on the payment's receipt.
    const [r] = await ctx.db
      .select({ pi: leadRefunds.paymentIntentId })
      .from(leadRefunds)
      .where(eq(leadRefunds.id, id));
    return r?.pi ? { paymentIntentId: r.pi } : null;
  }
  return null;
}
