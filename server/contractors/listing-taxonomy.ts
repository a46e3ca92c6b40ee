import { inArray } from 'drizzle-orm';
import type { DbCtx } from '../context';
import { contractorServiceAreas, contractorServices } from '../db/schema';

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
