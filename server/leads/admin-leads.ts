import { and, count, desc, eq, gte, inArray, isNull, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Frozen } from '@shared/deep-freeze';
import { centsToDecimal } from '@shared/money';
import type { AdminLead, AdminLeadList, AdminStats, adminLeadQuerySchema } from '@shared/schemas/admin-leads';
import { LEAD_STATUSES, type LeadStatus } from '@shared/schemas/lead-status';
import type { z } from 'zod';
import type { AppContext, DbCtx, ServiceCtx } from '../context';
import { routingSummary } from '@shared/schemas/lead-routing';
import { capMonthStart } from '../contractors/lead-preferences';
import type { Db } from '../db/client';
import {
  contractors,
  leadDeliveries,
  leadReplies,
  leads,
  leadStatusCounts,
  pricingRules,
  reviewRequests,
} from '../db/schema';
import type { AdminScope } from '../domain/actors';
import { leadPagesOf } from '../lead-pages';
import { inScope } from '../counties/admin-scope';
import { homeownerRequest } from './homeowner-request';
import { leadOfDelivery } from '../db/delivery-joins';

/**
 * The administrator's lead table and dashboard cards. Built for a large leads table: one page
 * read in index order with its joins, and counts from lead_status_counts (kept by a trigger).
 */

export type AdminLeadQuery = z.output<typeof adminLeadQuerySchema>;

const requested = alias(contractors, 'requested_contractor');

// Spelled as the index leads_created_at_idx is (DESC NULLS LAST): a bare DESC means NULLS FIRST
// to Postgres, which then sorts the whole table instead of reading the index.
const newestFirst = [desc(leads.createdAt), desc(leads.id)];
const deliveredTo = alias(contractors, 'delivered_contractor');

/**
 * The page query, built once per app and kept prepared (Database.prepared): building this
 * join costs more CPU than Postgres spends running it. The offset walks the index alone; only the page's rows
 * are then joined (a deep page would otherwise join, then discard, every row before it). The page's
 * ids come as `id = any(array(...))`, which Postgres plans for a handful of rows whatever the
 * limit: a generic plan, kept with the prepared statement instead of planned at every call. As a
 * joined subquery, an unknown limit made the generic plan assume a tenth of the table (hash joins
 * over every lead), so each call was planned afresh, and that planning cost more than the query.
 */
function pageQuery(db: Db, where: SQL | undefined, limit: unknown, offset: unknown, countsWhere: SQL | undefined) {
  const page = db
    .select({ id: leads.id })
    .from(leads)
    .where(where)
    .orderBy(...newestFirst)
    .limit(limit as number)
    .offset(offset as number);
  return (
    db
      .select({
        lead: leads,
        requestedName: requested.name,
        deliveryId: leadDeliveries.id,
        deliveryContractorId: leadDeliveries.contractorId,
        deliveryContractorName: deliveredTo.name,
        deliveryPriceCents: leadDeliveries.priceCents,
        deliveryPaymentState: leadDeliveries.paymentState,
        deliveredBy: leadDeliveries.deliveredBy,
        // The counts ride along (computed once, an init plan), sparing a round trip of their own.
        counts: countsJson(countsWhere),
      })
      .from(leads)
      .leftJoin(requested, eq(requested.id, leads.requestedContractorId))
      // The live delivery: the partial unique index allows one per lead, so rows never multiply.
      .leftJoin(leadDeliveries, and(leadOfDelivery, ne(leadDeliveries.paymentState, 'cancelled')))
      .leftJoin(deliveredTo, eq(deliveredTo.id, leadDeliveries.contractorId))
      .where(sql`${leads.id} = any(array(${page}))`)
      .orderBy(...newestFirst)
  );
}

type StatusCount = { status: LeadStatus; leads: number; priceCents: number };

/** The trigger-kept counts and price sums per status, over the rows `where` picks. */
function countsQuery(db: Db, where: SQL | undefined) {
  return db
    .select({
      status: leadStatusCounts.status,
      leads: sql<number>`sum(${leadStatusCounts.leads})`.mapWith(Number),
      priceCents: sql<number>`sum(${leadStatusCounts.priceCents})`.mapWith(Number),
    })
    .from(leadStatusCounts)
    .where(where)
    .groupBy(leadStatusCounts.status);
}

/** The same counts as one JSON value, [[status, leads, priceCents], ...], for a column of the page. */
function countsJson(where: SQL | undefined) {
  const filter = where ? sql`where ${where}` : sql``;
  return sql<
    [LeadStatus, number | string, number | string][]
  >`(select coalesce(json_agg(json_build_array(c.status, c.leads, c.price_cents)), '[]'::json) from (select ${leadStatusCounts.status} as status, sum(${leadStatusCounts.leads}) as leads, sum(${leadStatusCounts.priceCents}) as price_cents from ${leadStatusCounts} ${filter} group by ${leadStatusCounts.status}) c)`;
}

/** The counts of the scope's counties (every county's for the platform). */
function statusCounts(db: DbCtx['db'], scope: AdminScope) {
  return countsQuery(db as Db, inScope(scope, leadStatusCounts.regionId));
}

/**
 * The page (with the counts) for every county or for one, as prepared statements
 * (Database.prepared): building the page's join costs more CPU than Postgres spends running it. A
 * county is an equality, so its page is read in (region_id, status, created_at) or (region_id,
 * created_at) index order; several counties are built each time. The counts alone are read only
 * for a page past the last one, which has no row to carry them.
 */
function prepared(ctx: Pick<AppContext, 'database'>, county: boolean, byStatus: boolean) {
  const name = `admin_leads${county ? '_county' : ''}${byStatus ? '_by_status' : ''}`;
  const region = county ? eq(leads.regionId, sql.placeholder('region')) : undefined;
  const status = byStatus ? eq(leads.status, sql.placeholder('status')) : undefined;
  const countsWhere = county ? eq(leadStatusCounts.regionId, sql.placeholder('region')) : undefined;
  return {
    page: ctx.database.prepared(`${name}_page`, (db) =>
      pageQuery(db, and(region, status), sql.placeholder('limit'), sql.placeholder('offset'), countsWhere).prepare(
        `${name}_page`,
      ),
    ),
    counts: ctx.database.prepared(`${name}_counts`, (db) => countsQuery(db, countsWhere).prepare(`${name}_counts`)),
  };
}

/** The scope's page of leads and its counts by status. */
async function pageAndCounts(ctx: Pick<AppContext, 'db' | 'database'>, scope: AdminScope, q: AdminLeadQuery) {
  const byStatus = q.status !== 'all';
  const offset = (q.page - 1) * q.pageSize;
  const ids = scope.regionIds;
  if (ids === null || ids.length === 1) {
    const { page, counts } = prepared(ctx, ids !== null, byStatus);
    const params = { region: ids?.[0], status: q.status, limit: q.pageSize, offset };
    const rows = await page.execute(params);
    return [rows, rows[0] ? countsOf(rows[0].counts) : await counts.execute(params)] as const;
  }
  const countsWhere = inScope(scope, leadStatusCounts.regionId);
  const rows = await pageQuery(
    ctx.db as Db,
    and(inScope(scope, leads.regionId), byStatus ? eq(leads.status, q.status as LeadStatus) : undefined),
    q.pageSize,
    offset,
    countsWhere,
  );
  return [rows, rows[0] ? countsOf(rows[0].counts) : await statusCounts(ctx.db, scope)] as const;
}

function countsOf(json: [LeadStatus, number | string, number | string][]): StatusCount[] {
  return json.map(([status, n, cents]) => ({ status, leads: Number(n), priceCents: Number(cents) }));
}

/**
 * The lead table of the administrator's counties (docs/decisions/0103-county-administrators.md),
 * a page kept while its counties' leads are unchanged (server/lead-pages.ts).
 */
export function listAdminLeads(
  ctx: Pick<AppContext, 'db' | 'database'>,
  scope: AdminScope,
  q: AdminLeadQuery,
): Promise<Frozen<AdminLeadList>> {
  const pages = leadPagesOf(ctx.database);
  return pages.get({ regionIds: scope.regionIds, ...q }, () => readAdminLeads(ctx, scope, q));
}

type PageRow = Awaited<ReturnType<typeof pageQuery>>[number];

function toAdminLead(r: PageRow): AdminLead {
  const l = r.lead;
  return {
    id: l.id,
    ...homeownerRequest(l),
    budgetRange: l.budgetRange,
    leadPrice: centsToDecimal(l.leadPriceCents),
    status: l.status,
    createdAt: l.createdAt.toISOString(),
    withdrawnAt: l.withdrawnAt?.toISOString() ?? null,
    erasedAt: l.erasedAt?.toISOString() ?? null,
    requestedContractor:
      l.requestedContractorId !== null && r.requestedName !== null
        ? { id: l.requestedContractorId, name: r.requestedName }
        : null,
    routing: l.routing,
    routingReason: l.routingReason,
    // How it went (docs/decisions/0117-lead-routing.md): the live delivery names its actor.
    howItWent: routingSummary({ routing: l.routing, routingReason: l.routingReason, deliveredBy: r.deliveredBy }),
    delivery:
      r.deliveryId !== null
        ? {
            id: r.deliveryId,
            contractorId: r.deliveryContractorId!,
            contractorName: r.deliveryContractorName ?? '',
            price: centsToDecimal(r.deliveryPriceCents!),
            paymentState: r.deliveryPaymentState!,
            deliveredBy: r.deliveredBy,
          }
        : null,
  };
}

/** The held leads of the administrator's counties, oldest first: what waits for a person, at the top of the lead list (at most 100). */
export async function listHeldLeads(ctx: DbCtx, scope: AdminScope): Promise<AdminLead[]> {
  const rows = await pageQuery(
    ctx.db as Db,
    and(inScope(scope, leads.regionId), eq(leads.routing, 'held'), isNull(leads.withdrawnAt), isNull(leads.erasedAt)),
    100,
    0,
    undefined,
  );
  return rows.map(toAdminLead).reverse();
}

async function readAdminLeads(
  ctx: Pick<AppContext, 'db' | 'database'>,
  scope: AdminScope,
  q: AdminLeadQuery,
): Promise<AdminLeadList> {
  const [rows, grouped] = await pageAndCounts(ctx, scope, q);

  const counts = { total: 0, ...Object.fromEntries(LEAD_STATUSES.map((s) => [s, 0])) } as AdminLeadList['counts'];
  for (const g of grouped) {
    counts[g.status] = g.leads;
    counts.total += g.leads;
  }

  return {
    leads: rows.map(toAdminLead),
    total: q.status === 'all' ? counts.total : counts[q.status],
    page: q.page,
    pageSize: q.pageSize,
    counts,
  };
}

/** The median minutes from `from` to `to` over the rows (a string from the driver; null over none). */
const medianMinutes = (from: SQL | AnyColumn, to: SQL | AnyColumn) =>
  sql<string | null>`percentile_cont(0.5) within group (order by extract(epoch from ${to} - ${from}) / 60)`;

/** Minutes to one decimal, or null when there were none. */
const tenths = (minutes: string | null | undefined) => (minutes == null ? null : Math.round(Number(minutes) * 10) / 10);

export async function adminStats(ctx: ServiceCtx, scope: AdminScope): Promise<AdminStats> {
  const { db } = ctx;
  const monthStart = capMonthStart(ctx.clock.now());
  const [counted, [rules], [speed], [replies], [said]] = await Promise.all([
    statusCounts(db, scope),
    // The rules that price the counties' leads: theirs and the platform defaults.
    db
      .select({ n: count() })
      .from(pricingRules)
      .where(
        and(
          eq(pricingRules.isActive, true),
          scope.regionIds === null
            ? undefined
            : or(isNull(pricingRules.regionId), inScope(scope, pricingRules.regionId)),
        ),
      ),
    // The median time from request to delivery this month (docs/decisions/0117-lead-routing.md).
    db
      .select({
        minutes: medianMinutes(leads.createdAt, leadDeliveries.createdAt),
      })
      .from(leadDeliveries)
      .innerJoin(leads, leadOfDelivery)
      .where(and(gte(leadDeliveries.createdAt, monthStart), inScope(scope, leads.regionId))),
    // The median time from the contractor having the details to its first reply or call mark, over this month's first ones
    // (docs/decisions/0128-request-page-and-replies.md): a reply with none before it on its delivery.
    db
      .select({
        minutes: medianMinutes(
          sql`coalesce(${leadDeliveries.creditedAt}, ${leadDeliveries.paidAt}, ${leadDeliveries.createdAt})`,
          leadReplies.createdAt,
        ),
      })
      .from(leadReplies)
      .innerJoin(leadDeliveries, eq(leadDeliveries.id, leadReplies.deliveryId))
      .innerJoin(leads, leadOfDelivery)
      .where(
        and(
          gte(leadReplies.createdAt, monthStart),
          inScope(scope, leads.regionId),
          sql`not exists (select 1 from ${leadReplies} earlier where earlier.delivery_id = ${leadReplies.deliveryId} and earlier.created_at < ${leadReplies.createdAt})`,
        ),
      ),
    // The homeowners who said this month whether they were contacted: the follow-up's one-click answer (docs/decisions/0128-request-page-and-replies.md).
    db
      .select({
        answers: count(),
        yes: sql<number>`count(*) filter (where ${reviewRequests.hireAnswer} = 'hired')`.mapWith(Number),
      })
      .from(reviewRequests)
      .innerJoin(leadDeliveries, eq(leadDeliveries.id, reviewRequests.deliveryId))
      .innerJoin(leads, leadOfDelivery)
      .where(
        and(
          gte(reviewRequests.hireAnsweredAt, monthStart),
          inArray(reviewRequests.hireAnswer, ['hired', 'not_contacted']),
          inScope(scope, leads.regionId),
        ),
      ),
  ]);
  return {
    totalLeads: counted.reduce((sum, c) => sum + Number(c.leads), 0),
    newLeads: Number(counted.find((c) => c.status === 'new')?.leads ?? 0),
    revenuePotential: centsToDecimal(counted.reduce((sum, c) => sum + Number(c.priceCents), 0)),
    activePricingRules: Number(rules?.n ?? 0),
    medianMinutesToDelivery: tenths(speed?.minutes),
    medianMinutesToReply: tenths(replies?.minutes),
    contactedThisMonth: said && said.answers > 0 ? { yes: said.yes, of: said.answers } : null,
  };
}
