import { eq } from 'drizzle-orm';
import type { PublicContractor } from '@shared/schemas/directory';
import type { AppContext } from '../../context';
import { regions } from '../../db/schema';
import type { Freshness, Frozen } from '../../directory';
import { leadPreferencesRow, takesOf } from '../../contractors/lead-preferences';
import { alternativesFor } from './release';

/**
 * What a paused contractor's quote button offers instead of the form
 * (docs/decisions/0117-lead-routing.md): up to three other listed contractors of the county who take
 * any of the services it takes, ranked by the rule the homeowner's email uses, as the directory's
 * cards. Empty for a contractor taking requests (its form is offered) and for one the county does
 * not list (the profile's 404 says that).
 */
export async function othersWhilePaused(
  ctx: AppContext,
  county: string,
  contractorId: number,
  freshness?: Freshness,
): Promise<Frozen<PublicContractor>[]> {
  const profile = await ctx.directory.profile(county, contractorId, freshness);
  if (!profile.pausedUntil) return [];
  const [[region], prefs] = await Promise.all([
    ctx.db.select({ id: regions.id }).from(regions).where(eq(regions.slug, county)),
    leadPreferencesRow(ctx, contractorId),
  ]);
  if (!region) return [];
  const takes = await takesOf(ctx, contractorId, prefs);
  const ranked = await alternativesFor(ctx, {
    regionId: region.id,
    requestedContractorId: contractorId,
    serviceSlugs: takes.serviceSlugs ?? [],
    townId: null,
  });
  // Listed on this county's site a moment ago; one unlisted since is left out, not an error.
  const cards = await Promise.all(ranked.map((c) => ctx.directory.profile(county, c.id, freshness).catch(() => null)));
  return cards.filter((c): c is NonNullable<typeof c> => c !== null).map(cardOf);
}

/** What a card shows of a profile: the list shows cards, not whole profiles. */
const CARD_FIELDS = [
  'id',
  'name',
  'location',
  'description',
  'services',
  'rating',
  'reviewCount',
  'verified',
  'licenseNumber',
  'featured',
  'logo',
  'pausedUntil',
  'replies',
  'unclaimed',
] as const satisfies readonly (keyof PublicContractor)[];

/** The card of a profile, every field of PublicContractor and no more (the type check names one left out). */
function cardOf(p: Frozen<PublicContractor>): Frozen<PublicContractor> {
  const card: { [K in (typeof CARD_FIELDS)[number]]: Frozen<PublicContractor>[K] } = Object.fromEntries(
    CARD_FIELDS.map((k) => [k, p[k]]),
  ) as never;
  return card;
}
