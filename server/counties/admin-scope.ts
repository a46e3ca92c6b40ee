import { and, eq, inArray, sql, type Column, type SQL } from 'drizzle-orm';
import type { AppContext, DbCtx } from '../context';
import type { Database } from '../db/client';
import {
  adminTwoFactor,
  adminUserRegions,
  adminUsers,
  contractorImports,
  contractorListingChanges,
  contractorPhotos,
  contractorServiceAreas,
  leadClaims,
  listingClaims,
  leadDeliveries,
  leads,
  outboxEmails,
  pricingRules,
  regions,
  reviews,
  towns,
} from '../db/schema';
import type { AdminScope } from '../domain/actors';
import { forbidden, notFound } from '../domain/errors';
import { claimOfDelivery, leadOfDelivery } from '../db/delivery-joins';

/**
 * The one rule of what a county administrator sees (docs/decisions/0103-county-administrators.md):
 * a county's leads and what hangs off them (deliveries, claims, refunds, reviews, through
 * leads.region_id), its pricing rules, its outbox, and the contractors serving its towns. Lists
 * filter with `inScope`; a route naming one item checks it with `checkOwned` (the admin guard does,
 * from what the route declares), so an item of another county is 'not found', never shown.
 */

/** The account behind a session as it is now: null when it is gone or disabled. */
export interface LoadedAdminAccount {
  username: string;
  role: AdminScope['role'];
  regionIds: number[];
  /** Sessions of another generation are over (docs/decisions/0109-admin-two-factor.md). */
  sessionGeneration: number;
  /** Its two-factor sign-in is set up (confirmed). */
  twoFactor: boolean;
}

/** What requireAdmin reads of the account at every request. */
export const adminAccountColumns = {
  username: adminUsers.username,
  role: adminUsers.role,
  disabledAt: adminUsers.disabledAt,
  sessionGeneration: adminUsers.sessionGeneration,
  twoFactor: sql<boolean>`exists (select 1 from ${adminTwoFactor} where ${adminTwoFactor.adminUserId} = ${adminUsers.id} and ${adminTwoFactor.confirmedAt} is not null)`,
  regionIds: sql<
    number[]
  >`coalesce((select array_agg(${adminUserRegions.regionId} order by ${adminUserRegions.regionId}) from ${adminUserRegions} where ${adminUserRegions.adminUserId} = ${adminUsers.id}), '{}')`,
};

/** The columns as read. */
interface AccountRow {
  username: string | null;
  role: AdminScope['role'] | null;
  disabledAt: Date | null;
  sessionGeneration: number | null;
  twoFactor: boolean | null;
  regionIds: number[] | null;
}

/** The account from its columns; null when there is none or it is disabled. */
export function loadedAccountOf(row: AccountRow | undefined): LoadedAdminAccount | null {
  if (!row || row.username === null || row.disabledAt) return null;
  return {
    username: row.username,
    role: row.role!,
    regionIds: (row.regionIds ?? []).map(Number),
    sessionGeneration: row.sessionGeneration ?? 0,
    twoFactor: Boolean(row.twoFactor),
  };
}

/** Prepared once (Database.prepared): it runs on the database itself, never inside a caller's transaction. */
function accountStatement(database: Database) {
  return database.prepared('admin_account', (db) =>
    db
      .select(adminAccountColumns)
      .from(adminUsers)
      .where(eq(adminUsers.id, sql.placeholder('id')))
      .prepare('admin_account'),
  );
}

export async function loadAdminAccount(
  ctx: Pick<AppContext, 'database'>,
  adminUserId: number,
): Promise<LoadedAdminAccount | null> {
  const [row] = await accountStatement(ctx.database).execute({ id: adminUserId });
  return loadedAccountOf(row);
}

/** The request's scope: a platform administrator sees every county or the one chosen; a county administrator its own, or the one of them chosen. */
export function scopeOf(
  adminUserId: number,
  account: { username: string; role: AdminScope['role']; regionIds: number[] },
  chosen: number | null | undefined,
): AdminScope {
  const base = { adminUserId, username: account.username, role: account.role };
  if (account.role === 'platform') return { ...base, regionIds: chosen ? [chosen] : null };
  return { ...base, regionIds: chosen && account.regionIds.includes(chosen) ? [chosen] : account.regionIds };
}

/** The one county a set of counties names (an administrator's view, an account's counties), or null for several or every county. */
export const oneCountyOf = (regionIds: readonly number[] | null): number | null =>
  regionIds?.length === 1 ? regionIds[0]! : null;

/** A filter on a county column: nothing for every county, never true for none. */
export function inScope(scope: AdminScope, column: Column): SQL | undefined {
  if (scope.regionIds === null) return undefined;
  if (scope.regionIds.length === 0) return sql`false`;
  return inArray(column, [...scope.regionIds]);
}

/** Whether the scope covers this county (null: the platform's own, seen only with every county in view). */
export function covers(scope: AdminScope, regionId: number | null): boolean {
  if (scope.regionIds === null) return true;
  return regionId !== null && scope.regionIds.includes(regionId);
}

/** Refuses a county administrator a whole area (the accounts, the counties). */
export function requirePlatform(scope: AdminScope): void {
  if (scope.role !== 'platform') throw forbidden('This area is for platform administrators');
}

/** The kinds of item an admin route can name by id. */
export const OWNED_KINDS = [
  'lead',
  'delivery',
  'claim',
  'review',
  'pricingRule',
  'outboxEmail',
  'contractor',
  'county',
  'photo',
  'listingChange',
  'import',
  'listingClaim',
] as const;
export type OwnedKind = (typeof OWNED_KINDS)[number];

const NOT_FOUND: Record<OwnedKind, string> = {
  lead: 'Lead not found',
  delivery: 'Delivery not found',
  claim: 'Claim not found',
  review: 'Review not found',
  pricingRule: 'Pricing rule not found',
  outboxEmail: 'Message not found',
  contractor: 'Contractor not found',
  county: 'County not found',
  photo: 'Photo not found',
  listingChange: 'Listing change not found',
  import: 'Import not found',
  listingClaim: 'Claim not found',
};

/** The counties an item belongs to, or undefined when there is no such item (null: the platform's own). */
async function countiesOf(ctx: DbCtx, kind: OwnedKind, id: number): Promise<(number | null)[] | undefined> {
  const { db } = ctx;
  const one = async (q: Promise<{ regionId: number | null }[]>) => {
    const [row] = await q;
    return row ? [row.regionId] : undefined;
  };
  switch (kind) {
    case 'lead':
      return one(db.select({ regionId: leads.regionId }).from(leads).where(eq(leads.id, id)));
    case 'delivery':
      return one(
        db
          .select({ regionId: leads.regionId })
          .from(leadDeliveries)
          .innerJoin(leads, leadOfDelivery)
          .where(eq(leadDeliveries.id, id)),
      );
    case 'claim':
      return one(
        db
          .select({ regionId: leads.regionId })
          .from(leadClaims)
          .innerJoin(leadDeliveries, claimOfDelivery)
          .innerJoin(leads, leadOfDelivery)
          .where(eq(leadClaims.id, id)),
      );
    case 'review':
      return one(
        db
          .select({ regionId: leads.regionId })
          .from(reviews)
          .innerJoin(leads, eq(leads.id, reviews.leadId))
          .where(eq(reviews.id, id)),
      );
    case 'pricingRule':
      return one(db.select({ regionId: pricingRules.regionId }).from(pricingRules).where(eq(pricingRules.id, id)));
    case 'outboxEmail':
      return one(db.select({ regionId: outboxEmails.regionId }).from(outboxEmails).where(eq(outboxEmails.id, id)));
    case 'county':
      return one(db.select({ regionId: regions.id }).from(regions).where(eq(regions.id, id)));
    case 'import':
      return one(
        db.select({ regionId: contractorImports.regionId }).from(contractorImports).where(eq(contractorImports.id, id)),
      );
    case 'contractor':
    case 'photo':
    case 'listingChange':
    case 'listingClaim':
      // Shared across counties: a county sees the contractors serving one of its towns (and their photos).
      return undefined;
  }
}

/** A county administrator may see this contractor: it serves a town of one of its counties. */
export function contractorInScope(scope: AdminScope, contractorId: Column | SQL): SQL | undefined {
  if (scope.regionIds === null) return undefined;
  return sql`exists (select 1 from ${contractorServiceAreas} join ${towns} on ${towns.id} = ${contractorServiceAreas.townId} where ${contractorServiceAreas.contractorId} = ${contractorId} and ${inScope(scope, towns.regionId)})`;
}

/**
 * A county administrator sees a contractor's listing change when the contractor serves one of its
 * counties, or when the change would bring it there (a proposed town of its county): approving it
 * lists the contractor on that county's site (docs/decisions/0111-listing-edits.md).
 */
export function listingChangeInScope(scope: AdminScope): SQL | undefined {
  if (scope.regionIds === null) return undefined;
  return sql`(${contractorInScope(scope, contractorListingChanges.contractorId)} or exists (select 1 from ${towns} where ${towns.id} = any(${contractorListingChanges.townIds}) and ${inScope(scope, towns.regionId)}))`;
}

/** The contractor serves a town of the scope's counties; otherwise the item is 'not found'. */
async function checkServes(ctx: DbCtx, scope: AdminScope, contractorId: number, message: string): Promise<void> {
  const [row] = await ctx.db
    .select({ one: sql<number>`1` })
    .from(contractorServiceAreas)
    .innerJoin(towns, eq(towns.id, contractorServiceAreas.townId))
    .where(and(eq(contractorServiceAreas.contractorId, contractorId), inScope(scope, towns.regionId)))
    .limit(1);
  if (!row) throw notFound(message);
}

/**
 * A route names an item by id: another county's is 'not found' (its existence is not confirmed),
 * and a platform default (a pricing rule without a county) is refused to a county administrator
 * when it would change it.
 */
export async function checkOwned(
  ctx: DbCtx,
  scope: AdminScope,
  kind: OwnedKind,
  id: number,
  opts: { write: boolean },
): Promise<void> {
  // A platform administrator's chosen county narrows its lists, not what it may open.
  if (scope.role === 'platform') return;
  if (kind === 'photo') {
    const [photo] = await ctx.db
      .select({ contractorId: contractorPhotos.contractorId })
      .from(contractorPhotos)
      .where(eq(contractorPhotos.id, id));
    if (!photo) throw notFound(NOT_FOUND.photo);
    return checkServes(ctx, scope, photo.contractorId, NOT_FOUND.photo);
  }
  if (kind === 'listingChange') {
    const [change] = await ctx.db
      .select({ visible: sql<boolean>`${listingChangeInScope(scope)}` })
      .from(contractorListingChanges)
      .where(eq(contractorListingChanges.id, id));
    if (!change?.visible) throw notFound(NOT_FOUND.listingChange);
    return;
  }
  if (kind === 'contractor') return checkServes(ctx, scope, id, NOT_FOUND.contractor);
  if (kind === 'listingClaim') {
    const [claim] = await ctx.db
      .select({ contractorId: listingClaims.contractorId })
      .from(listingClaims)
      .where(eq(listingClaims.id, id));
    if (!claim) throw notFound(NOT_FOUND.listingClaim);
    return checkServes(ctx, scope, claim.contractorId, NOT_FOUND.listingClaim);
  }
  const counties = await countiesOf(ctx, kind, id);
  if (!counties) throw notFound(NOT_FOUND[kind]);
  if (counties.some((c) => covers(scope, c))) return;
  // A platform default: a county administrator reads it in its list but may not change it.
  if (kind === 'pricingRule' && counties.includes(null)) {
    if (!opts.write) return;
    throw forbidden('Platform default rules are changed by platform administrators');
  }
  throw notFound(NOT_FOUND[kind]);
}
