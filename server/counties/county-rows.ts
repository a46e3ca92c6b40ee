import { asc, eq } from 'drizzle-orm';
import type { DbCtx } from '../context';
import { regions, regionServices, services, towns } from '../db/schema';
import { notFound } from '../domain/errors';

/**
 * A county's rows as stored: its `regions` row, its towns and the services it offers, each in its
 * order. The one read behind GET /api/region (services/regions.ts) and the county's Region
 * (regions/region-of.ts).
 */
export async function readCountyRows(ctx: DbCtx, slug: string) {
  const [row] = await ctx.db.select().from(regions).where(eq(regions.slug, slug));
  if (!row) throw notFound('No such county');
  const [townRows, serviceRows] = await Promise.all([
    ctx.db.select().from(towns).where(eq(towns.regionId, row.id)).orderBy(asc(towns.sortOrder), asc(towns.id)),
    ctx.db
      .select({ slug: services.slug, name: services.name })
      .from(regionServices)
      .innerJoin(services, eq(services.id, regionServices.serviceId))
      .where(eq(regionServices.regionId, row.id))
      .orderBy(asc(services.sortOrder), asc(services.id)),
  ]);
  return { row, townRows, serviceRows };
}
