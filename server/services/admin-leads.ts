import { and, count, desc, eq, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { centsToDecimal } from '@shared/money';
import type { AdminLead, AdminLeadList, AdminStats, adminLeadQuerySchema } from '@shared/schemas/admin-leads';
import { LEAD_STATUSES } from '@shared/schemas/lead-status';
import type { z } from 'zod';
import type { AppContext, DbCtx } from '../context';
import type { Db } from '../db/client';
import { contractors, leadDeliveries, leads, leadStatusCounts, pricingRules } from '../db/schema';
import type { AdminScope } from '../domain/actors';
import { inScope } from './admin-scope';

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
 * are then joined (a deep page would otherwise join, then discard, every row before it).
 */
function pageQuery(db: Db, where: SQL | undefined, limit: unknown, offset: unknown) {
  const page = db
    .select({ id: leads.id })
    .from(leads)
    .where(where)
    .orderBy(...newestFirst)
    .limit(limit as number)
    .offset(offset as number)
    .as('page');
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
      })
      .from(leads)
      .innerJoin(page, eq(page.id, leads.id))
      .leftJoin(requested, eq(requested.id, leads.requestedContractorId))
      // The live delivery: the partial unique index allows one per lead, so rows never multiply.
      .leftJoin(leadDeliveries, and(eq(leadDeliveries.leadId, leads.id), ne(leadDeliveries.paymentState, 'cancelled')))
      .leftJoin(deliveredTo, eq(deliveredTo.id, leadDeliveries.contractorId))
      .orderBy(...newestFirst)
  );
}

function preparePageQuery(db: Db, byStatus: boolean) {
  return pageQuery(db, byStatus ? eq(leads.status, sql.placeholder('status')) : undefined, sql.placeholder('limit'), sql.placeholder('offset')).prepare(
    byStatus ? 'admin_leads_page_by_status' : 'admin_leads_page',
  );
}

/** The trigger-kept counts and price sums per status of the scope's counties (every county's for the platform). */
function statusCounts(db: DbCtx['db'], scope: AdminScope) {
  return db
    .select({ status: leadStatusCounts.status, leads: sql<number>`sum(${leadStatusCounts.leads})`.mapWith(Number), priceCents: sql<number>`sum(${leadStatusCounts.priceCents})`.mapWith(Number) })
    .from(leadStatusCounts)
    .where(inScope(scope, leadStatusCounts.regionId))
    .groupBy(leadStatusCounts.status);
}

/** Every county's page from the prepared query; some counties' page read in (region_id, created_at) order. */
async function pageAndCounts(ctx: Pick<AppContext, 'db' | 'database'>, scope: AdminScope, q: AdminLeadQuery) {
  const byStatus = q.status !== 'all';
  const offset = (q.page - 1) * q.pageSize;
  const counties = inScope(scope, leads.regionId);
  const page = counties
    ? pageQuery(ctx.db as Db, and(counties, byStatus ? eq(leads.status, q.status as Exclude<AdminLeadQuery['status'], 'all'>) : undefined), q.pageSize, offset)
    : ctx.database.prepared(byStatus ? 'admin_leads_page_by_status' : 'admin_leads_page', (db) => preparePageQuery(db, byStatus)).execute({ status: q.status, limit: q.pageSize, offset });
  return Promise.all([page, statusCounts(ctx.db, scope)]);
}

/** The lead table of the administrator's counties (docs/decisions/0103-county-administrators.md). */
export async function listAdminLeads(ctx: Pick<AppContext, 'db' | 'database'>, scope: AdminScope, q: AdminLeadQuery): Promise<AdminLeadList> {
  const [rows, grouped] = await pageAndCounts(ctx, scope, q);

  const counts = { total: 0, ...Object.fromEntries(LEAD_STATUSES.map((s) => [s, 0])) } as AdminLeadList['counts'];
  for (const g of grouped) {
    counts[g.status] = g.leads;
    counts.total += g.leads;
  }

  return {
    leads: rows.map((r): AdminLead => {
      const l = r.lead;
      return {
        id: l.id,
        name: l.name,
        email: l.email,
        phone: l.phone,
        serviceNeeded: l.serviceNeeded,
        location: l.location,
        projectDetails: l.projectDetails,
        budgetRange: l.budgetRange,
        leadPrice: centsToDecimal(l.leadPriceCents),
        status: l.status,
        createdAt: l.createdAt.toISOString(),
        requestedContractor: l.requestedContractorId !== null && r.requestedName !== null ? { id: l.requestedContractorId, name: r.requestedName } : null,
        delivery:
          r.deliveryId !== null
            ? {
                id: r.deliveryId,
                contractorId: r.deliveryContractorId!,
                contractorName: r.deliveryContractorName ?? '',
                price: centsToDecimal(r.deliveryPriceCents!),
                paymentState: r.deliveryPaymentState!,
              }
            : null,
      };
    }),
    total: q.status === 'all' ? counts.total : counts[q.status],
    page: q.page,
    pageSize: q.pageSize,
    counts,
  };
}

export async function adminStats(ctx: DbCtx, scope: AdminScope): Promise<AdminStats> {
  const { db } = ctx;
  const [counted, [rules]] = await Promise.all([
    statusCounts(db, scope),
    // The rules that price the counties' leads: theirs and the platform defaults.
    db
      .select({ n: count() })
      .from(pricingRules)
      .where(and(eq(pricingRules.isActive, true), scope.regionIds === null ? undefined : or(isNull(pricingRules.regionId), inScope(scope, pricingRules.regionId)))),
  ]);
  return {
    totalLeads: counted.reduce((sum, c) => sum + Number(c.leads), 0),
    newLeads: Number(counted.find((c) => c.status === 'new')?.leads ?? 0),
    revenuePotential: centsToDecimal(counted.reduce((sum, c) => sum + Number(c.priceCents), 0)),
    activePricingRules: Number(rules?.n ?? 0),
  };
}
