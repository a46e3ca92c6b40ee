import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { centsToDecimal } from '@shared/money';
import { toE164 } from '@shared/phone-numbers';
import { type LeadPreferences, type LeadPreferencesDto } from '@shared/schemas/lead-preferences';
import { today } from '../clock';
import type { DbCtx, ServiceCtx } from '../context';
import {
  contractorLeadPreferences,
  contractors,
  leadDeliveries,
  type ContractorLeadPreferencesRow,
} from '../db/schema';
import { invalid } from '../domain/errors';
import { readListingTaxonomy } from './listing-taxonomy';

/**
 * A contractor's lead preferences (docs/decisions/0117-lead-routing.md): its own business, saved
 * without review. Lead routing reads them (leadFit in server/leads/routing/checks.ts); the cap
 * counts card-paid leads of the UTC calendar month, as plan credits do
 * (docs/decisions/0006-plans-and-credits.md).
 */

/** The first instant of the UTC calendar month of `now`. */
export const capMonthStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/** Card-paid leads this month in cents: paid, or awaiting payment (a delivery released unpaid is cancelled and no longer counts). */
export async function cardSpendThisMonth(ctx: ServiceCtx, contractorId: number): Promise<number> {
  const [row] = await ctx.db
    .select({ cents: sql<string>`coalesce(sum(${leadDeliveries.priceCents}), 0)` })
    .from(leadDeliveries)
    .where(
      and(
        eq(leadDeliveries.contractorId, contractorId),
        inArray(leadDeliveries.paymentState, ['awaiting_payment', 'paid']),
        gte(leadDeliveries.createdAt, capMonthStart(ctx.clock.now())),
      ),
    );
  return Number(row?.cents ?? 0);
}

/** The saved row, or null: no row is the defaults (taking requests, everything its listing has, no cap, no texts). */
export async function leadPreferencesRow(
  ctx: Pick<ServiceCtx, 'db'>,
  contractorId: number,
): Promise<ContractorLeadPreferencesRow | null> {
  const [row] = await ctx.db
    .select()
    .from(contractorLeadPreferences)
    .where(eq(contractorLeadPreferences.contractorId, contractorId));
  return row ?? null;
}

/** What a contractor takes requests for: its own choices, else its listing's services and towns (none listed: any town it serves). */
export interface Takes {
  pausedUntil: string | null;
  serviceSlugs: string[] | null;
  townIds: number[] | null;
}

export async function takesOf(
  ctx: Pick<ServiceCtx, 'db'>,
  contractorId: number,
  prefs: ContractorLeadPreferencesRow | null,
): Promise<Takes> {
  const needListing = !prefs?.serviceSlugs || !prefs?.townIds;
  const listing = needListing ? await listingOptions(ctx, contractorId) : null;
  const [home] =
    needListing && !prefs?.townIds
      ? await ctx.db
          .select({ townId: contractors.homeTownId })
          .from(contractors)
          .where(eq(contractors.id, contractorId))
      : [];
  const listedTowns = [
    ...new Set([...(listing?.townOptions.map((t) => t.id) ?? []), ...(home?.townId != null ? [home.townId] : [])]),
  ];
  return {
    pausedUntil: prefs?.pausedUntil ?? null,
    serviceSlugs:
      prefs?.serviceSlugs ??
      (listing && listing.serviceOptions.length > 0 ? listing.serviceOptions.map((o) => o.slug) : null),
    townIds: prefs?.townIds ?? (listedTowns.length > 0 ? listedTowns : null),
  };
}

/** The listing's own services and towns, by name: what the preferences may narrow. */
async function listingOptions(ctx: DbCtx, contractorId: number) {
  const offered = (await readListingTaxonomy(ctx, [contractorId])).get(contractorId)!;
  const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  return {
    serviceOptions: offered.services.map(({ slug, name }) => ({ slug, name })).sort(byName),
    townOptions: offered.towns.map(({ id, name }) => ({ id, name })).sort(byName),
  };
}

export async function getLeadPreferences(ctx: ServiceCtx, contractorId: number): Promise<LeadPreferencesDto> {
  const [row, options, spent] = await Promise.all([
    leadPreferencesRow(ctx, contractorId),
    listingOptions(ctx, contractorId),
    cardSpendThisMonth(ctx, contractorId),
  ]);
  return {
    pausedUntil: row?.pausedUntil ?? null,
    services: row?.serviceSlugs ?? null,
    townIds: row?.townIds ?? null,
    monthlyCap: row?.monthlyCapCents == null ? null : centsToDecimal(row.monthlyCapCents),
    textPhone: row?.textPhone ?? null,
    textOptIn: row?.textOptIn ?? false,
    cardSpendThisMonth: centsToDecimal(spent),
    ...options,
  };
}

/** Saves the panel. Services and towns are chosen among the listing's; choosing all of them is stored as "everything" so a new listing service is taken too. */
export async function saveLeadPreferences(
  ctx: ServiceCtx,
  contractorId: number,
  input: LeadPreferences,
): Promise<LeadPreferencesDto> {
  const { serviceOptions, townOptions } = await listingOptions(ctx, contractorId);
  const offered = new Set(serviceOptions.map((s) => s.slug));
  const served = new Set(townOptions.map((t) => t.id));
  if (input.services?.some((s) => !offered.has(s)))
    throw invalid('Choose among the services of your listing', {
      services: 'Choose among the services of your listing',
    });
  if (input.townIds?.some((t) => !served.has(t)))
    throw invalid('Choose among the towns of your listing', { townIds: 'Choose among the towns of your listing' });
  if (input.pausedUntil && input.pausedUntil <= today(ctx.clock))
    throw invalid('Choose a date after today, or take requests now', { pausedUntil: 'Choose a date after today' });
  const values = {
    pausedUntil: input.pausedUntil,
    serviceSlugs: input.services && input.services.length < offered.size ? [...new Set(input.services)] : null,
    townIds: input.townIds && input.townIds.length < served.size ? [...new Set(input.townIds)] : null,
    monthlyCapCents: input.monthlyCap === null ? null : Math.round(input.monthlyCap * 100),
    textPhone: input.textPhone ? toE164(input.textPhone) : null,
    textOptIn: input.textOptIn,
  };
  await ctx.db
    .insert(contractorLeadPreferences)
    .values({ contractorId, ...values })
    .onConflictDoUpdate({
      target: contractorLeadPreferences.contractorId,
      set: { ...values, updatedAt: ctx.clock.now() },
    });
  return getLeadPreferences(ctx, contractorId);
}
