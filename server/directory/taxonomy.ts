import { asc } from 'drizzle-orm';
import type { Db } from '../db/client';
import { services, towns } from '../db/schema';
import { inDefaultCounty } from '../counties/default-county';
import { serviceInCounty, townInCounty } from './county';

export interface TaxonomyIds {
  serviceId: ReadonlyMap<string, number>;
  townId: ReadonlyMap<string, number>;
  townSlugById: ReadonlyMap<number, string>;
  /** Every service and town slug in taxonomy order (sort_order), for answers that list them. */
  serviceSlugs: readonly string[];
  townSlugs: readonly string[];
}

/** The rows come in taxonomy order (sort_order, then id). */
export function toTaxonomyIds(
  serviceRows: { id: number; slug: string }[],
  townRows: { id: number; slug: string }[],
): TaxonomyIds {
  return {
    serviceSlugs: serviceRows.map((r) => r.slug),
    townSlugs: townRows.map((r) => r.slug),
    serviceId: new Map(serviceRows.map((r) => [r.slug, r.id])),
    townId: new Map(townRows.map((r) => [r.slug, r.id])),
    townSlugById: new Map(townRows.map((r) => [r.id, r.slug])),
  };
}

/**
 * Slug -> id maps of a county's towns and the services it offers, read from the database (the
 * directory keeps them per county: docs/decisions/0101-read-model-per-county.md); without a county,
 * the default county's towns and every service (test data and seeds).
 */
export async function readTaxonomyIds(db: Db, county?: string): Promise<TaxonomyIds> {
  const [s, t] = await Promise.all([
    db
      .select({ id: services.id, slug: services.slug })
      .from(services)
      .where(county === undefined ? undefined : serviceInCounty(county))
      .orderBy(asc(services.sortOrder), asc(services.id)),
    db
      .select({ id: towns.id, slug: towns.slug })
      .from(towns)
      .where(county === undefined ? inDefaultCounty : townInCounty(county))
      .orderBy(asc(towns.sortOrder), asc(towns.id)),
  ]);
  return toTaxonomyIds(s, t);
}
