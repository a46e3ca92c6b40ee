import { and, asc, count, desc, eq, exists, ilike, or, sql, type SQL } from 'drizzle-orm';
import { planById } from '@shared/plans';
import { centsToDecimal } from '@shared/money';
import type {
  AdminContractor,
  AdminContractorList,
  adminContractorQuerySchema,
  ApprovalStatus,
  approvalSchema,
} from '@shared/schemas/admin';
import { formatLocation } from '@shared/taxonomy';
import type { z } from 'zod';
import { inTransaction, type AppContext, type DbCtx, type ServiceCtx } from '../context';
import type { Executor } from '../db/client';
import { credentialsFrom, insurance, onInsurance, onRegistration, registration } from '../db/credential-joins';
import {
  contractorAccounts,
  contractorBilling,
  contractorServices,
  contractors,
  leadDeliveries,
  services,
} from '../db/schema';
import { conflict, invalid, notFound } from '../domain/errors';
import { createSetupCode, ensureAccount, sendSetupCode } from './contractor-accounts';
import { badgeToday, lapsedToday, setBothVerified, updateCredentialsIn } from './credentials';
import { endContractorSessions } from '../accounts/sessions';
import type { AdminActor, AdminScope } from '../domain/actors';
import { contractorInScope } from '../counties/admin-scope';
import { accountOfContractor } from './contractor-email';

type ListQuery = z.output<typeof adminContractorQuerySchema>;
type Approval = z.output<typeof approvalSchema>;

/** Backslash is PostgreSQL's default LIKE escape; the admin's text is matched literally. */
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function searchFilter(db: Executor, search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = `%${escapeLike(search)}%`;
  return or(
    ilike(contractors.name, pattern),
    // 'Laporte' and 'Laporte, PA' both find the Laporte contractors.
    ilike(sql`${contractors.city} || ', ' || ${contractors.state}`, pattern),
    exists(
      db
        .select({ one: sql`1` })
        .from(contractorServices)
        .innerJoin(services, eq(services.id, contractorServices.serviceId))
        .where(and(eq(contractorServices.contractorId, contractors.id), ilike(services.name, pattern))),
    ),
  );
}

// Per-row figures as correlated subqueries: one round trip for the whole list, no N+1.
const serviceNames = sql<string[]>`coalesce((
  select array_agg(${services.name} order by ${contractorServices.position}, ${services.sortOrder})
  from ${contractorServices} join ${services} on ${services.id} = ${contractorServices.serviceId}
  where ${contractorServices.contractorId} = ${contractors.id}), '{}'::text[])`;
const liveDeliveries = sql<number>`(select count(*) from ${leadDeliveries}
  where ${leadDeliveries.contractorId} = ${contractors.id} and ${leadDeliveries.paymentState} <> 'cancelled')`.mapWith(
  Number,
);
const paidCents = sql<number>`(select coalesce(sum(${leadDeliveries.priceCents}), 0) from ${leadDeliveries}
  where ${leadDeliveries.contractorId} = ${contractors.id} and ${leadDeliveries.paymentState} = 'paid')`.mapWith(
  Number,
);

async function adminRows(ctx: ServiceCtx, where: SQL | undefined): Promise<AdminContractor[]> {
  const { db } = ctx;
  const rows = await db
    .select({
      c: contractors,
      registration,
      insurance,
      billing: contractorBilling,
      services: serviceNames,
      deliveries: liveDeliveries,
      paidCents,
      accountEmail: contractorAccounts.email,
      setupComplete: sql<boolean>`${contractorAccounts.passwordHash} is not null`,
    })
    .from(contractors)
    .innerJoin(contractorBilling, eq(contractorBilling.contractorId, contractors.id))
    .leftJoin(registration, onRegistration)
    .leftJoin(insurance, onInsurance)
    .leftJoin(contractorAccounts, accountOfContractor)
    .where(where)
    .orderBy(
      // Pending first, newest first: the ones waiting for a decision.
      desc(sql`${contractors.approvalStatus} = 'pending'`),
      desc(sql`case when ${contractors.approvalStatus} = 'pending' then ${contractors.createdAt} end`),
      asc(sql`lower(${contractors.name})`),
      asc(contractors.id),
    );
  return rows.map(({ c, billing, ...r }) => {
    const credentials = credentialsFrom(r);
    const badge = badgeToday(ctx, c.verified, credentials);
    return {
      id: c.id,
      name: c.name,
      licenseNumber: credentials.registration.number,
      location: formatLocation(c.city, c.state),
      services: r.services,
      rating: c.rating,
      reviewCount: c.reviewCount,
      approvalStatus: c.approvalStatus,
      rejectionReason: c.rejectionReason,
      isVisible: c.isVisible,
      insuranceInfo: c.insuranceInfo,
      verified: badge,
      verifiedAt: badge ? (c.verifiedAt?.toISOString() ?? null) : null,
      verifiedBy: badge ? c.verifiedBy : null,
      registrationVerified: credentials.registration.verified,
      registrationExpiresOn: credentials.registration.expiresOn,
      insuranceVerified: credentials.insurance.verified,
      insuranceExpiresOn: credentials.insurance.expiresOn,
      insurer: credentials.insurance.insurer,
      insurancePolicyNumber: credentials.insurance.number,
      lapsed: lapsedToday(ctx, credentials),
      email: c.email,
      phone: c.phone,
      createdAt: c.createdAt.toISOString(),
      account: r.accountEmail === null ? null : { email: r.accountEmail, setupComplete: Boolean(r.setupComplete) },
      subscriptionPlan: billing.subscriptionPlan,
      subscriptionStatus: billing.subscriptionStatus,
      creditsUsed: billing.monthlyLeadsUsed,
      creditsTotal: planById(billing.subscriptionPlan).leadCredits,
      deliveries: r.deliveries,
      paidTotal: centsToDecimal(r.paidCents),
    };
  });
}

/** The contractors serving a town of the administrator's counties (all of them for the platform's view of every county). */
export async function listAdminContractors(
  ctx: ServiceCtx,
  scope: AdminScope,
  q: ListQuery,
): Promise<AdminContractorList> {
  const { db } = ctx;
  const search = and(searchFilter(db, q.search), contractorInScope(scope, contractors.id));
  const byStatus = q.status === 'all' ? undefined : eq(contractors.approvalStatus, q.status);
  const [list, tallies] = await Promise.all([
    adminRows(ctx, and(search, byStatus)),
    db
      .select({ status: contractors.approvalStatus, n: count() })
      .from(contractors)
      .where(search)
      .groupBy(contractors.approvalStatus),
  ]);
  const counts: AdminContractorList['counts'] = { all: 0, pending: 0, approved: 0, rejected: 0 };
  for (const t of tallies) {
    counts[t.status as ApprovalStatus] = t.n;
    counts.all += t.n;
  }
  return { contractors: list, counts };
}

export async function getAdminContractor(ctx: ServiceCtx, id: number): Promise<AdminContractor> {
  const [row] = await adminRows(ctx, eq(contractors.id, id));
  if (!row) throw notFound('Contractor not found');
  return row;
}

/** The contractor row, locked for the rest of the transaction so decisions on it queue up. */
async function lockContractor(ctx: DbCtx, id: number) {
  const [row] = await ctx.db
    .select({
      approvalStatus: contractors.approvalStatus,
      isVisible: contractors.isVisible,
      verified: contractors.verified,
      unclaimed: sql<boolean>`${contractors.importId} is not null and ${contractors.claimedAt} is null`,
    })
    .from(contractors)
    .where(eq(contractors.id, id))
    .for('update');
  if (!row) throw notFound('Contractor not found');
  return row;
}

/**
 * Approve (also 'reconsider' a rejected one) or reject. Approval lists the contractor and, the
 * first time, creates its account and emails the setup code; approving twice does nothing.
 * Rejection delists it and signs it out everywhere.
 */
export async function setApproval(
  ctx: AppContext,
  id: number,
  input: Approval,
  actor: AdminActor,
): Promise<AdminContractor> {
  await inTransaction(ctx, async (tx) => {
    const current = await lockContractor(tx, id);
    if (input.verified !== undefined) {
      const admin = { kind: 'admin' as const, ...actor };
      // The expiry dates the administrator checked go in first: verifying needs them (docs/decisions/0032-credential-verification.md).
      const dates = {
        registrationExpiresOn: input.registrationExpiresOn ?? undefined,
        insuranceExpiresOn: input.insuranceExpiresOn ?? undefined,
      };
      await updateCredentialsIn(tx, id, dates, admin);
      await setBothVerified(tx, id, input.verified, admin);
    }
    if (input.status === 'approved') {
      if (current.approvalStatus === 'approved') return;
      await tx.db
        .update(contractors)
        .set({ approvalStatus: 'approved', isVisible: true, rejectionReason: null })
        .where(eq(contractors.id, id));
      // An imported listing is listed unclaimed: its account waits for its owner's claim (docs/decisions/0131-listing-claims.md).
      if (current.unclaimed) return;
      const { account, created } = await ensureAccount(tx, id);
      // The welcome email commits with the approval, or neither does (docs/decisions/0087-transactional-outbox.md).
      if (created) await sendSetupCode(tx, await createSetupCode(tx, account));
      return;
    }
    const reason = input.rejectionReason?.trim();
    if (!reason) throw invalid('A rejection reason is required', { rejectionReason: 'A rejection reason is required' });
    await tx.db
      .update(contractors)
      .set({ approvalStatus: 'rejected', isVisible: false, rejectionReason: reason })
      .where(eq(contractors.id, id));
    await endContractorSessions(tx, id);
  });
  return getAdminContractor(ctx, id);
}

export async function setVisibility(ctx: ServiceCtx, id: number, isVisible: boolean): Promise<AdminContractor> {
  await inTransaction(ctx, async (tx) => {
    const current = await lockContractor(tx, id);
    if (current.approvalStatus !== 'approved') throw conflict('Only approved contractors can be shown or hidden');
    if (current.isVisible === isVisible) return;
    await tx.db.update(contractors).set({ isVisible }).where(eq(contractors.id, id));
    // A hidden contractor cannot sign in, so it is signed out too.
    if (!isVisible) await endContractorSessions(tx, id);
  });
  return getAdminContractor(ctx, id);
}

/**
 * The contractor list's Verify / Unverify: both credentials at once, in the region's usual way of
 * checking (docs/decisions/0019-verifying-contractors.md); each credential on its own is verified
 * from the contractor's credentials page (services/credentials.ts).
 */
export async function setVerification(
  ctx: ServiceCtx,
  id: number,
  verified: boolean,
  actor: AdminActor,
): Promise<AdminContractor> {
  await inTransaction(ctx, async (tx) => {
    await lockContractor(tx, id);
    await setBothVerified(tx, id, verified, { kind: 'admin', ...actor });
  });
  return getAdminContractor(ctx, id);
}
