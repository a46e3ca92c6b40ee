import { and, asc, eq, gte, lt, ne, sql } from 'drizzle-orm';
import { centsToDecimal } from '@shared/money';
import type { AppContext } from '../context';
import { contractors, leadDeliveries, leads, regions } from '../db/schema';
import { contractorOfDelivery, leadOfDelivery, regionOfLead } from '../db/delivery-joins';
import type { AdminScope } from '../domain/actors';
import { inScope } from '../counties/admin-scope';
import { historyInBatches } from './billing-history';
import { csvLines, toCsv } from '@shared/csv';

/**
 * The bookkeeper's CSV exports (docs/decisions/0113-self-service-billing.md), in the administrator's
 * scope: a county administrator's hold their counties' leads and what was paid for them, and no plan
 * payments. The homeowners' contact details are not in them: a bookkeeper needs the money, not the
 * people.
 */

export interface ExportFilter {
  contractorId?: number;
  from?: Date;
  to?: Date;
}

const PAYMENT_HEADER = [
  'date',
  'entry_id',
  'kind',
  'contractor_id',
  'contractor',
  'county',
  'lead_id',
  'description',
  'method',
  'status',
  'amount',
  'currency',
] as const;

/** Entries a batch of the payments export reads of each kind (leads, refunds, plan payments). */
export const PAYMENT_EXPORT_BATCH = 2000;

/**
 * The payments export as CSV text in pieces, the header first, then each `batch` entries as they
 * are read, newest first (historyInBatches), so an export of every county's payments is written
 * out as it goes instead of being built in memory, like the leads export.
 */
export async function* paymentsCsv(
  ctx: Pick<AppContext, 'db' | 'payments'>,
  scope: AdminScope,
  f: ExportFilter,
  batch = PAYMENT_EXPORT_BATCH,
): AsyncGenerator<string> {
  yield toCsv(PAYMENT_HEADER, []);
  let rows: (string | number | null)[][] = [];
  for await (const r of historyInBatches(ctx, { ...f, scope }, batch)) {
    rows.push([
      r.date,
      r.id,
      r.kind,
      r.contractorId,
      r.contractorName,
      r.county,
      r.leadId,
      r.description,
      r.method,
      r.status,
      r.amount,
      'usd',
    ]);
    if (rows.length === batch) {
      yield csvLines(rows);
      rows = [];
    }
  }
  if (rows.length) yield csvLines(rows);
}

const LEAD_HEADER = [
  'lead_id',
  'created_at',
  'county',
  'service',
  'location',
  'status',
  'lead_price',
  'contractor_id',
  'contractor',
  'payment_state',
  'price_charged',
  'delivered_at',
  'paid_at',
  'credited_at',
] as const;

/** Rows a batch of the leads export reads: a statewide export never holds more than this in memory. */
export const LEAD_EXPORT_BATCH = 2000;

/**
 * The leads export as CSV text in pieces, the header first, then each batch of rows as it is read
 * (in creation order, resumed after the last row of the batch before it), so an export of every
 * county's leads is written out as it goes instead of being built in memory.
 */
export async function* leadsCsv(
  ctx: Pick<AppContext, 'db'>,
  scope: AdminScope,
  f: ExportFilter,
  batch = LEAD_EXPORT_BATCH,
): AsyncGenerator<string> {
  yield toCsv(LEAD_HEADER, []);
  // The last row's creation time as PostgreSQL's own text: a JavaScript Date keeps milliseconds, PostgreSQL microseconds.
  let after: { at: string; id: number } | null = null;
  for (;;) {
    const rows: LeadExportRow[] = await ctx.db
      .select({
        id: leads.id,
        createdAt: leads.createdAt,
        cursor: sql<string>`${leads.createdAt}::text`,
        county: regions.name,
        service: leads.serviceNeeded,
        location: leads.location,
        status: leads.status,
        leadPriceCents: leads.leadPriceCents,
        contractorId: leadDeliveries.contractorId,
        contractor: contractors.name,
        paymentState: leadDeliveries.paymentState,
        priceCents: leadDeliveries.priceCents,
        deliveredAt: leadDeliveries.createdAt,
        paidAt: leadDeliveries.paidAt,
        creditedAt: leadDeliveries.creditedAt,
      })
      .from(leads)
      .leftJoin(regions, regionOfLead)
      // The lead's live delivery (a lead has at most one).
      .leftJoin(leadDeliveries, and(leadOfDelivery, ne(leadDeliveries.paymentState, 'cancelled')))
      .leftJoin(contractors, contractorOfDelivery)
      .where(
        and(
          inScope(scope, leads.regionId),
          f.contractorId === undefined ? undefined : eq(leadDeliveries.contractorId, f.contractorId),
          f.from ? gte(leads.createdAt, f.from) : undefined,
          f.to ? lt(leads.createdAt, f.to) : undefined,
          after ? sql`(${leads.createdAt}, ${leads.id}) > (${after.at}::timestamptz, ${after.id})` : undefined,
        ),
      )
      .orderBy(asc(leads.createdAt), asc(leads.id))
      .limit(batch);
    if (!rows.length) return;
    yield csvLines(rows.map(leadCells));
    const last = rows[rows.length - 1]!;
    after = { at: last.cursor, id: last.id };
    if (rows.length < batch) return;
  }
}

interface LeadExportRow {
  id: number;
  createdAt: Date;
  cursor: string;
  county: string | null;
  service: string;
  location: string;
  status: string;
  leadPriceCents: number;
  contractorId: number | null;
  contractor: string | null;
  paymentState: string | null;
  priceCents: number | null;
  deliveredAt: Date | null;
  paidAt: Date | null;
  creditedAt: Date | null;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

const leadCells = (r: LeadExportRow) => [
  r.id,
  iso(r.createdAt),
  r.county,
  r.service,
  r.location,
  r.status,
  centsToDecimal(r.leadPriceCents),
  r.contractorId,
  r.contractor,
  r.paymentState,
  r.priceCents === null ? null : centsToDecimal(r.priceCents),
  iso(r.deliveredAt),
  iso(r.paidAt),
  iso(r.creditedAt),
];
