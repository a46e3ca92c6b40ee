import { sql, type SQL } from 'drizzle-orm';
import { contractorServiceAreas, contractors, regions, regionServices, services, towns } from '../db/schema';

/**
 * What a county's site lists (docs/decisions/0101-read-model-per-county.md), for both paths of the
 * directory (the snapshot's load, the SQL reference): the contractors serving its towns (a home
 * town or a service area there), and, on the default county's site, those with no town at all, as
 * before counties existed. The version triggers (migrations/0017, counties_of_contractors) say the
 * same, so a write moves the versions of exactly the counties that list the contractor.
 */

/** The county's id, by its slug (null for no such county: nothing is listed). */
const countyId = (county: string) => sql`(select ${regions.id} from ${regions} where ${regions.slug} = ${county})`;

/** A town of the county. */
export const townInCounty = (county: string): SQL => sql`${towns.regionId} = ${countyId(county)}`;

/** A service the county offers (region_services). */
export const serviceInCounty = (county: string): SQL =>
  sql`exists (select 1 from ${regionServices} where ${regionServices.serviceId} = ${services.id} and ${regionServices.regionId} = ${countyId(county)})`;

/**
 * The contractors row serves the county: its home town or a service area is one of its towns, or it
 * has none and the county is the default one. One uncorrelated set, which PostgreSQL builds once per
 * statement and probes by hash, so it costs the SQL path little however many rows it filters.
 */
export function servesCounty(county: string): SQL {
  return sql`${contractors.id} in (
    select sc_c."id" from ${contractors} sc_c join ${towns} sc_t on sc_t."id" = sc_c."home_town_id" join ${regions} sc_r on sc_r."id" = sc_t."region_id" where sc_r."slug" = ${county}
    union select sc_a."contractor_id" from ${contractorServiceAreas} sc_a join ${towns} sc_t on sc_t."id" = sc_a."town_id" join ${regions} sc_r on sc_r."id" = sc_t."region_id" where sc_r."slug" = ${county}
    union select sc_c."id" from ${contractors} sc_c join ${regions} sc_r on sc_r."slug" = ${county} and sc_r."is_default"
      where sc_c."home_town_id" is null and not exists (select 1 from ${contractorServiceAreas} sc_a where sc_a."contractor_id" = sc_c."id"))`;
}
