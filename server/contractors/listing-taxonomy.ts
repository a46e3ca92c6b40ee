import { asc, eq, inArray } from 'drizzle-orm';
import type { DbCtx } from '../context';
import { contractorServiceAreas, contractorServices, services, towns } from '../db/schema';

/** What a listing offers: its services in the order it lists them (the first is its main trade), and the towns it serves. */
export interface ListingTaxonomy {
  contractorId: number;
  serviceIds: number[];
  townIds: number[];
}

/**
 * Writes what each listing offers, in place of what it had: a submission, an approved listing
 * change and an import all go through here, so a listing's services and towns are stored one way,
 * in four statements however many listings there are.
 */
export async function writeListingTaxonomy(ctx: DbCtx, listings: ListingTaxonomy[]): Promise<void> {
  if (listings.length === 0) return;
  const ids = listings.map((l) => l.contractorId);
  await ctx.db.delete(contractorServices).where(inArray(contractorServices.contractorId, ids));
  const serviceRows = listings.flatMap(({ contractorId, serviceIds }) =>
    serviceIds.map((serviceId, position) => ({ contractorId, serviceId, position })),
  );
  if (serviceRows.length) await ctx.db.insert(contractorServices).values(serviceRows);

  await ctx.db.delete(contractorServiceAreas).where(inArray(contractorServiceAreas.contractorId, ids));
  const areaRows = listings.flatMap(({ contractorId, townIds }) => townIds.map((townId) => ({ contractorId, townId })));
  if (areaRows.length) await ctx.db.insert(contractorServiceAreas).values(areaRows);
}

/** A listing's services and towns as read back: names for the pages, ids for the edits. */
export interface ListingTaxonomyNames {
  services: { id: number; slug: string; name: string }[];
  towns: { id: number; name: string }[];
}

/**
 * What these listings offer now: services in the contractor's order, towns by county and town
 * order; a listing with none has empty lists. Two statements whatever the number of listings.
 */
export async function readListingTaxonomy(
  ctx: DbCtx,
  contractorIds: readonly number[],
): Promise<Map<number, ListingTaxonomyNames>> {
  const ids = [...new Set(contractorIds)];
  if (!ids.length) return new Map();
  const serviceRows = await ctx.db
    .select({ contractorId: contractorServices.contractorId, service: services })
    .from(contractorServices)
    .innerJoin(services, eq(services.id, contractorServices.serviceId))
    .where(inArray(contractorServices.contractorId, ids))
    .orderBy(asc(contractorServices.position), asc(services.sortOrder));
  const townRows = await ctx.db
    .select({ contractorId: contractorServiceAreas.contractorId, town: towns })
    .from(contractorServiceAreas)
    .innerJoin(towns, eq(towns.id, contractorServiceAreas.townId))
    .where(inArray(contractorServiceAreas.contractorId, ids))
    .orderBy(asc(towns.regionId), asc(towns.sortOrder), asc(towns.id));
  const listing = (contractorId: number): ListingTaxonomyNames => ({
    services: serviceRows
      .filter((r) => r.contractorId === contractorId)
      .map(({ service: { id, slug, name } }) => ({ id, slug, name })),
    towns: townRows.filter((r) => r.contractorId === contractorId).map(({ town: { id, name } }) => ({ id, name })),
  });
  return new Map(ids.map((id) => [id, listing(id)]));
}
