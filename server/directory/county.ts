import { sql, type SQL } from 'drizzle-orm';
import { contractorServiceAreas, contractors, regions, regionServices, services, towns } from '../db/schema';
import { siteUrlOf, type CountySite } from '../counties/host';
import { countyIdOfSlug } from '../counties/county-id';

/**
 * What a county's site lists (docs/decisions/0101-read-model-per-county.md), for both paths of the
 * directory (the snapshot's load, the SQL reference): the contractors serving its towns (a home
 * town or a service area there), and, on the default county's site, those with no town at all, as
 * before counties existed. The version triggers (migrations/0017, counties_of_contractors) say the
 * same, so a write moves the versions of exactly the counties that list the contractor.
 */

/** A town of the county. */
export const townInCounty = (county: string): SQL => sql`${towns.regionId} = ${countyIdOfSlug(county)}`;

/** A service the county offers (region_services). */
export const serviceInCounty = (county: string): SQL =>
  sql`exists (select 1 from ${regionServices} where ${regionServices.serviceId} = ${services.id} and ${regionServices.regionId} = ${countyIdOfSlug(county)})`;

/**
 * The contractors row serves the county: its home town or a service area is one of its towns, or it
 * has none and the county is the default one. Arms cheapest first, each an uncorrelated set built
 * once per statement (and only if a row gets that far) and probed by hash: a deployment of one
 * county (the default, whose towns are all there are) lists every contractor, and that first arm,
 * computed once, spares the rest, so the single-county SQL path costs what it did before counties;
 * then the county's towns as home towns (a few dozen ids), then the contractors with a service
 * area there, then the townless ones on the default county.
 */
export function servesCounty(county: string): SQL {
  const countyTowns = sql`select sc_t."id" from ${towns} sc_t join ${regions} sc_r on sc_r."id" = sc_t."region_id" where sc_r."slug" = ${county}`;
  return sql`((select count(*) = 1 and bool_and(sc_only."is_default" and sc_only."slug" = ${county}) from ${regions} sc_only)
    or ${contractors.homeTownId} in (${countyTowns})
    or ${contractors.id} in (select sc_a."contractor_id" from ${contractorServiceAreas} sc_a where sc_a."town_id" in (${countyTowns}))
    or (${contractors.homeTownId} is null and coalesce((select sc_d."is_default" from ${regions} sc_d where sc_d."slug" = ${county}), false)
      and not exists (select 1 from ${contractorServiceAreas} sc_n where sc_n."contractor_id" = ${contractors.id})))`;
}

/**
 * The contractors row's home county, for what is sent to the contractor itself (its setup code, its
 * credential reminders; docs/decisions/0106-county-emails-and-jobs.md): its home town's county, or
 * the default county for one without, as a contractor with no town was before counties.
 */
export const homeCountyId = (): SQL<number> =>
  sql<number>`coalesce((select ${towns.regionId} from ${towns} where ${towns.id} = ${contractors.homeTownId}), default_region_id())`.mapWith(
    Number,
  );

/**
 * The site of a contractor's home county when it is not `county` (the site showing it), for the
 * profile's canonical address (docs/decisions/0106-county-emails-and-jobs.md); null when it is
 * `county`, when there is no home town (each site it is listed on is its own), or while the
 * deployment's address is not known yet (before the server listens).
 */
export function homeSiteOf(
  home: Pick<CountySite, 'slug' | 'isDefault' | 'publicUrl'> | null,
  county: string,
  deploymentUrl: string,
): string | null {
  if (!home || home.slug === county) return null;
  if (!home.publicUrl && !deploymentUrl) return null;
  return siteUrlOf(home, deploymentUrl);
}

/** The contractors row's profile is canonical on `county`'s site: its home town is the county's, or it has none (homeSiteOf). */
export const homeOnSite = (county: string): SQL =>
  sql`(${contractors.homeTownId} is null or ${contractors.homeTownId} in (select ${towns.id} from ${towns} where ${townInCounty(county)}))`;
