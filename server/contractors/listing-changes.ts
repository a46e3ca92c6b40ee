import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { WeeklyHours } from '@shared/business-hours';
import {
  DEFAULT_BUSINESS_HOURS,
  type AdminListingChange,
  type ListingChangeDto,
  type ListingChangeStatus,
  type ListingEdit,
  type ListingOptions,
  type ListingValues,
  type OwnListing,
} from '@shared/schemas/listing-changes';
import { inTransaction, type AppContext, type DbCtx, type ServiceCtx } from '../context';
import {
  adminUsers,
  contractorAccounts,
  contractorListingChanges,
  contractors,
  regions,
  services,
  towns,
  type ContractorListingChangeRow,
} from '../db/schema';
import type { AdminActor, AdminScope } from '../domain/actors';
import { conflict, invalid, notFound } from '../domain/errors';
import { listingChangeInScope, oneCountyOf } from '../counties/admin-scope';
import { contractorSite } from '../accounts/account-links';
import { queueEmail } from '../notifications/email-delivery';
import { accountOfContractor, contractorEmail } from './contractor-email';
import { lockContractor } from './contractor-lock';
import { readListingTaxonomy, writeListingTaxonomy } from './listing-taxonomy';

/**
 * A contractor's edits of its own listing, reviewed before the public sees them
 * (docs/decisions/0111-listing-edits.md): the edit is stored whole as the contractor's one pending
 * change; an administrator of a county the contractor serves, or would serve after the change,
 * approves it (the values are applied in one transaction, and the directory versions of the
 * counties before and after move by the tables' triggers) or rejects it with a reason. The
 * contractor is emailed either way, through the outbox in the decision's transaction.
 */

type ReviewCtx = Pick<AppContext, 'db' | 'clock' | 'mail' | 'jobs' | 'siteUrl' | 'env'>;

export const LISTING_CHANGE_NOT_FOUND = 'Listing change not found';

/** Services and towns by id, with the names a person reads. */
async function namesOf(ctx: DbCtx, serviceIds: readonly number[], townIds: readonly number[]) {
  const serviceRows = serviceIds.length
    ? await ctx.db
        .select({ id: services.id, slug: services.slug, name: services.name })
        .from(services)
        .where(inArray(services.id, [...serviceIds]))
    : [];
  const townRows = townIds.length
    ? await ctx.db
        .select({ id: towns.id, label: towns.label, county: regions.name })
        .from(towns)
        .innerJoin(regions, eq(regions.id, towns.regionId))
        .where(inArray(towns.id, [...townIds]))
    : [];
  return { services: new Map(serviceRows.map((s) => [s.id, s])), towns: new Map(townRows.map((t) => [t.id, t])) };
}

interface RawValues {
  description: string;
  phone: string;
  website: string | null;
  yearsInBusiness: number | null;
  serviceIds: number[];
  townIds: number[];
  businessHours: WeeklyHours | null;
}

function present(raw: RawValues, names: Awaited<ReturnType<typeof namesOf>>): ListingValues {
  return {
    description: raw.description,
    phone: raw.phone,
    website: raw.website,
    yearsInBusiness: raw.yearsInBusiness,
    services: raw.serviceIds.flatMap((id) => {
      const s = names.services.get(id);
      return s ? [{ slug: s.slug, name: s.name }] : [];
    }),
    serviceAreas: raw.townIds.flatMap((id) => {
      const t = names.towns.get(id);
      return t ? [{ id, label: t.label, county: t.county }] : [];
    }),
    businessHours: raw.businessHours ?? DEFAULT_BUSINESS_HOURS,
  };
}

/** What these listings hold now, as ids (services in the contractor's order, towns by county and town order), in three statements whatever their number. */
async function currentRaws(ctx: DbCtx, contractorIds: readonly number[]): Promise<Map<number, RawValues>> {
  const ids = [...new Set(contractorIds)];
  if (!ids.length) return new Map();
  const rows = await ctx.db
    .select({
      id: contractors.id,
      description: contractors.description,
      phone: contractors.phone,
      website: contractors.website,
      yearsInBusiness: contractors.yearsInBusiness,
      businessHours: contractors.businessHours,
    })
    .from(contractors)
    .where(inArray(contractors.id, ids));
  const offered = await readListingTaxonomy(ctx, ids);
  return new Map(
    rows.map(({ id, ...c }) => [
      id,
      {
        ...c,
        serviceIds: offered.get(id)!.services.map((r) => r.id),
        townIds: offered.get(id)!.towns.map((r) => r.id),
      },
    ]),
  );
}

async function currentRaw(ctx: DbCtx, contractorId: number): Promise<RawValues> {
  const raw = (await currentRaws(ctx, [contractorId])).get(contractorId);
  if (!raw) throw notFound('Contractor not found');
  return raw;
}

/** The listings as they are now, by contractor, their names read once for all. */
async function currentValuesOf(ctx: DbCtx, contractorIds: readonly number[]): Promise<Map<number, ListingValues>> {
  const raws = await currentRaws(ctx, contractorIds);
  const names = await namesOf(
    ctx,
    [...new Set([...raws.values()].flatMap((r) => r.serviceIds))],
    [...new Set([...raws.values()].flatMap((r) => r.townIds))],
  );
  return new Map([...raws].map(([id, raw]) => [id, present(raw, names)]));
}

async function currentValues(ctx: DbCtx, contractorId: number): Promise<ListingValues> {
  const values = (await currentValuesOf(ctx, [contractorId])).get(contractorId);
  if (!values) throw notFound('Contractor not found');
  return values;
}

const rawOfChange = (c: ContractorListingChangeRow): RawValues => ({
  description: c.description,
  phone: c.phone,
  website: c.website,
  yearsInBusiness: c.yearsInBusiness,
  serviceIds: c.serviceIds,
  townIds: c.townIds,
  businessHours: c.businessHours,
});

async function changeDtos(ctx: DbCtx, rows: ContractorListingChangeRow[]): Promise<ListingChangeDto[]> {
  const names = await namesOf(
    ctx,
    [...new Set(rows.flatMap((r) => r.serviceIds))],
    [...new Set(rows.flatMap((r) => r.townIds))],
  );
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    proposed: present(rawOfChange(r), names),
    rejectionReason: r.rejectionReason,
    submittedAt: r.submittedAt.toISOString(),
    reviewedAt: r.reviewedAt?.toISOString() ?? null,
  }));
}

/** The portal's view: the listing as the public sees it, and its latest change unless withdrawn. */
export async function ownListing(ctx: DbCtx, contractorId: number): Promise<OwnListing> {
  const [latest] = await ctx.db
    .select()
    .from(contractorListingChanges)
    .where(eq(contractorListingChanges.contractorId, contractorId))
    .orderBy(desc(contractorListingChanges.submittedAt), desc(contractorListingChanges.id))
    .limit(1);
  const change = latest && latest.status !== 'withdrawn' ? (await changeDtos(ctx, [latest]))[0]! : null;
  return { current: await currentValues(ctx, contractorId), change };
}

/** What the form offers: every service of the taxonomy, and every county's towns (a contractor may work across county lines). */
export async function listingOptions(ctx: DbCtx): Promise<ListingOptions> {
  const serviceRows = await ctx.db
    .select({ slug: services.slug, name: services.name })
    .from(services)
    .orderBy(asc(services.sortOrder), asc(services.id));
  const countyRows = await ctx.db
    .select({ id: regions.id, slug: regions.slug, name: regions.name, isDefault: regions.isDefault })
    .from(regions);
  const townRows = await ctx.db
    .select({ id: towns.id, regionId: towns.regionId, label: towns.label })
    .from(towns)
    .orderBy(asc(towns.sortOrder), asc(towns.id));
  const counties = countyRows
    .sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || a.name.localeCompare(b.name))
    .map((c) => ({
      slug: c.slug,
      name: c.name,
      towns: townRows.filter((t) => t.regionId === c.id).map((t) => ({ id: t.id, label: t.label })),
    }));
  return { services: serviceRows, counties };
}

/** The edit's slugs and town ids as stored ids; an unknown one is the field's 400. */
async function resolveEdit(ctx: DbCtx, edit: ListingEdit): Promise<RawValues> {
  const serviceRows = await ctx.db
    .select({ id: services.id, slug: services.slug })
    .from(services)
    .where(inArray(services.slug, edit.services));
  const bySlug = new Map(serviceRows.map((s) => [s.slug, s.id]));
  if (edit.services.some((s) => !bySlug.has(s)))
    throw invalid('Please check the highlighted fields', { services: 'Please choose services from the list' });
  const townRows = await ctx.db.select({ id: towns.id }).from(towns).where(inArray(towns.id, edit.serviceAreas));
  if (townRows.length !== edit.serviceAreas.length)
    throw invalid('Please check the highlighted fields', { serviceAreas: 'Please choose towns from the list' });
  return {
    description: edit.description,
    phone: edit.phone,
    website: edit.website,
    yearsInBusiness: edit.yearsInBusiness,
    serviceIds: edit.services.map((s) => bySlug.get(s)!),
    townIds: edit.serviceAreas,
    businessHours: edit.businessHours,
  };
}

const sameSet = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();
const sameHours = (a: WeeklyHours | null, b: WeeklyHours | null) =>
  JSON.stringify(a ?? DEFAULT_BUSINESS_HOURS) === JSON.stringify(b ?? DEFAULT_BUSINESS_HOURS);

function unchanged(now: RawValues, next: RawValues): boolean {
  return (
    now.description === next.description &&
    now.phone === next.phone &&
    (now.website || null) === next.website &&
    now.yearsInBusiness === next.yearsInBusiness &&
    now.serviceIds.join() === next.serviceIds.join() &&
    sameSet(now.townIds, next.townIds) &&
    sameHours(now.businessHours, next.businessHours)
  );
}

/**
 * Stores the contractor's edit as its one pending change, withdrawing the one before. Nothing on
 * the listing changes until an administrator approves it.
 */
export async function submitListingChange(
  ctx: ServiceCtx,
  contractorId: number,
  edit: ListingEdit,
): Promise<ListingChangeDto> {
  return inTransaction(ctx, async (tx) => {
    // One submit at a time per contractor: the listing's row is the lock.
    await lockContractor(tx, contractorId);
    const next = await resolveEdit(tx, edit);
    if (unchanged(await currentRaw(tx, contractorId), next))
      throw invalid('Nothing to review: these are the values your listing shows now', {});
    const now = tx.clock.now();
    await tx.db
      .update(contractorListingChanges)
      .set({ status: 'withdrawn', updatedAt: now })
      .where(
        and(eq(contractorListingChanges.contractorId, contractorId), eq(contractorListingChanges.status, 'pending')),
      );
    const [row] = await tx.db
      .insert(contractorListingChanges)
      .values({ contractorId, ...next, businessHours: next.businessHours ?? DEFAULT_BUSINESS_HOURS, submittedAt: now })
      .returning();
    return (await changeDtos(tx, [row!]))[0]!;
  });
}

/** The contractor takes back its pending change; without one, 404. */
export async function withdrawListingChange(ctx: ServiceCtx, contractorId: number): Promise<void> {
  const rows = await ctx.db
    .update(contractorListingChanges)
    .set({ status: 'withdrawn', updatedAt: ctx.clock.now() })
    .where(and(eq(contractorListingChanges.contractorId, contractorId), eq(contractorListingChanges.status, 'pending')))
    .returning({ id: contractorListingChanges.id });
  if (!rows.length) throw notFound('There is no change waiting for review');
}

/** Changes in this state of the contractors the administrator sees, oldest first (a queue), with the listing as it is now. */
export async function listListingChanges(
  ctx: DbCtx,
  scope: AdminScope,
  status: ListingChangeStatus,
): Promise<AdminListingChange[]> {
  const rows = await ctx.db
    .select({ change: contractorListingChanges, contractorName: contractors.name, reviewedBy: adminUsers.username })
    .from(contractorListingChanges)
    .innerJoin(contractors, eq(contractors.id, contractorListingChanges.contractorId))
    .leftJoin(adminUsers, eq(adminUsers.id, contractorListingChanges.reviewedBy))
    .where(and(eq(contractorListingChanges.status, status), listingChangeInScope(scope)))
    .orderBy(
      status === 'pending' ? asc(contractorListingChanges.submittedAt) : desc(contractorListingChanges.submittedAt),
      asc(contractorListingChanges.id),
    )
    .limit(200);
  const dtos = await changeDtos(
    ctx,
    rows.map((r) => r.change),
  );
  const current = await currentValuesOf(
    ctx,
    rows.map((r) => r.change.contractorId),
  );
  return rows.map((r, i) => ({
    ...dtos[i]!,
    contractorId: r.change.contractorId,
    contractorName: r.contractorName,
    current: current.get(r.change.contractorId)!,
    reviewedBy: r.reviewedBy,
  }));
}

/** The county the message is about: the administrator's own when it has one in view, else the platform's mail (as photo decisions). */
const regionOfDecision = (scope: AdminScope) => oneCountyOf(scope.regionIds);

async function lockedPending(ctx: DbCtx, id: number) {
  // The contractor's row first, then the change's: the order a submit takes them in, so a decision
  // and a new edit of the same contractor wait for each other instead of deadlocking.
  const [owner] = await ctx.db
    .select({ contractorId: contractorListingChanges.contractorId })
    .from(contractorListingChanges)
    .where(eq(contractorListingChanges.id, id));
  if (!owner) throw notFound(LISTING_CHANGE_NOT_FOUND);
  await lockContractor(ctx, owner.contractorId);
  const [row] = await ctx.db
    .select({ change: contractorListingChanges, name: contractors.name, email: contractorEmail })
    .from(contractorListingChanges)
    .innerJoin(contractors, eq(contractors.id, contractorListingChanges.contractorId))
    .leftJoin(contractorAccounts, accountOfContractor)
    .where(eq(contractorListingChanges.id, id))
    .for('update', { of: contractorListingChanges });
  if (!row) throw notFound(LISTING_CHANGE_NOT_FOUND);
  if (row.change.status !== 'pending') throw conflict(`This change is ${row.change.status}, not waiting for review`);
  // The portal's sign-in address when the account has one, as lead and claim emails do.
  return { change: row.change, name: row.name, email: row.email };
}

async function decided(ctx: DbCtx, id: number): Promise<AdminListingChange> {
  const [row] = await ctx.db
    .select({ change: contractorListingChanges, contractorName: contractors.name, reviewedBy: adminUsers.username })
    .from(contractorListingChanges)
    .innerJoin(contractors, eq(contractors.id, contractorListingChanges.contractorId))
    .leftJoin(adminUsers, eq(adminUsers.id, contractorListingChanges.reviewedBy))
    .where(eq(contractorListingChanges.id, id));
  const [dto] = await changeDtos(ctx, [row!.change]);
  return {
    ...dto!,
    contractorId: row!.change.contractorId,
    contractorName: row!.contractorName,
    current: await currentValues(ctx, row!.change.contractorId),
    reviewedBy: row!.reviewedBy,
  };
}

/**
 * Applies the change to the listing in one transaction: the listing's columns, its services in the
 * proposed order, and its service areas (only the towns that differ are removed or added). The
 * tables' triggers move the directory version of every county the contractor was listed on before
 * and is listed on after (docs/decisions/0101-read-model-per-county.md), so every instance's cached
 * searches and profiles are replaced at their next request.
 */
export async function approveListingChange(
  ctx: ReviewCtx,
  scope: AdminScope,
  id: number,
  admin: AdminActor,
): Promise<AdminListingChange> {
  return inTransaction(ctx, async (tx) => {
    const { change, name, email } = await lockedPending(tx, id);
    const contractorId = change.contractorId;
    const now = tx.clock.now();
    await tx.db
      .update(contractors)
      .set({
        description: change.description,
        phone: change.phone,
        website: change.website,
        yearsInBusiness: change.yearsInBusiness,
        businessHours: change.businessHours,
        updatedAt: now,
      })
      .where(eq(contractors.id, contractorId));
    // Services and towns removed from the taxonomy since the change was sent are left out.
    const { services: knownServices, towns: knownTowns } = await namesOf(tx, change.serviceIds, change.townIds);
    await writeListingTaxonomy(tx, [
      {
        contractorId,
        serviceIds: change.serviceIds.filter((s) => knownServices.has(s)),
        townIds: change.townIds.filter((t) => knownTowns.has(t)),
      },
    ]);
    await tx.db
      .update(contractorListingChanges)
      .set({
        status: 'approved',
        rejectionReason: null,
        reviewedAt: now,
        reviewedBy: admin.adminUserId,
        updatedAt: now,
      })
      .where(eq(contractorListingChanges.id, id));
    // The link is on its home county's site (docs/decisions/0127-contractor-mail-links-home.md).
    const { siteUrl } = await contractorSite(tx, contractorId);
    await queueEmail(tx, {
      kind: 'listing-decision',
      to: email,
      regionId: regionOfDecision(scope),
      subject: 'Your listing changes are now public',
      text: [
        `Hello ${name},`,
        '',
        'The changes you made to your listing were approved and now show on your public profile.',
        '',
        `Your listing: ${siteUrl}/contractor?section=profile`,
      ].join('\n'),
    });
    return decided(tx, id);
  });
}

/** Rejects a pending change; the listing stays as it is and the reason goes to the contractor. */
export async function rejectListingChange(
  ctx: ReviewCtx,
  scope: AdminScope,
  id: number,
  reason: string,
  admin: AdminActor,
): Promise<AdminListingChange> {
  return inTransaction(ctx, async (tx) => {
    const { change, name, email } = await lockedPending(tx, id);
    const now = tx.clock.now();
    const { siteUrl } = await contractorSite(tx, change.contractorId);
    await tx.db
      .update(contractorListingChanges)
      .set({
        status: 'rejected',
        rejectionReason: reason,
        reviewedAt: now,
        reviewedBy: admin.adminUserId,
        updatedAt: now,
      })
      .where(eq(contractorListingChanges.id, id));
    await queueEmail(tx, {
      kind: 'listing-decision',
      to: email,
      regionId: regionOfDecision(scope),
      subject: 'Your listing changes were not approved',
      text: [
        `Hello ${name},`,
        '',
        'The changes you made to your listing were not approved; your public profile stays as it was.',
        '',
        `Reason: ${reason}`,
        '',
        `You can edit your listing again in your contractor portal: ${siteUrl}/contractor?section=profile`,
      ].join('\n'),
    });
    return decided(tx, id);
  });
}
