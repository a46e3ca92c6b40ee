import { and, asc, count, eq, isNotNull, max, sql } from 'drizzle-orm';
import {
  SERVICE_PAGE_SIZE,
  type PlaceCount,
  type ServiceCoverage,
  type ServicePageAnswer,
  type ServicePageParams,
} from '@shared/schemas/service-pages';
import type { ContractorPage, DirectoryQuery } from '@shared/schemas/directory';
import type { Db } from '../db/client';
import { contractorServiceAreas, contractorServices, contractors, services, towns } from '../db/schema';
import { notFound } from '../domain/errors';
import { isListed } from './cards';
import type { FilterData } from './filters';
import type { TaxonomyIds } from './taxonomy';
import { serviceInCounty, servesCounty, townInCounty } from './county';

/**
 * What has a service page (docs/decisions/0030-service-pages.md): the services listed contractors
 * offer, and in which towns, with counts. A contractor covers a town as the search's location
 * filter says (its home town or a service area), so a page lists exactly what the search would
 * find. Both paths of the directory answer it: the snapshot from its position lists, the SQL
 * reference with one grouped query (which the sitemap also reads, with each combination's newest
 * change).
 */

/** The search's query for a service page: the service, the town, every listed contractor (verified or not), the search's order. */
export function servicePageQuery(p: ServicePageParams): DirectoryQuery {
  return {
    services: [p.service],
    town: p.town ?? null,
    minRating: null,
    licensedOnly: false,
    sort: 'rating',
    page: p.page,
    pageSize: SERVICE_PAGE_SIZE,
  };
}

/** An address that names no service or town of the taxonomy is a missing page, like any unknown address. */
export function checkServicePage(p: ServicePageParams, ids: TaxonomyIds): void {
  if (!ids.serviceId.has(p.service)) throw notFound('No such service');
  if (p.town !== undefined && !ids.townId.has(p.town)) throw notFound('No such town');
}

/** The page: its contractors and what it links to. A combination without a contractor is not found (and not in the sitemap). */
export function servicePageOf(
  p: ServicePageParams,
  coverage: ServiceCoverage,
  page: ContractorPage,
): ServicePageAnswer {
  if (page.total === 0) throw notFound('No listed contractor offers this service here');
  const town = p.town ?? null;
  const services: PlaceCount[] = town
    ? coverage.services.flatMap((s) =>
        s.towns.filter((t) => t.slug === town).map((t) => ({ slug: s.slug, count: t.count })),
      )
    : coverage.services.map((s) => ({ slug: s.slug, count: s.count }));
  return {
    service: p.service,
    town,
    contractors: page.contractors,
    total: page.total,
    page: page.page,
    pageSize: page.pageSize,
    towns: coverage.services.find((s) => s.slug === p.service)?.towns ?? [],
    services,
  };
}

/** Memory: the counts from the snapshot's position lists (a contractor in a town's list covers it). */
export function coverageOf(data: FilterData): ServiceCoverage {
  const marked = new Uint8Array(data.size);
  const out: ServiceCoverage['services'] = [];
  for (const service of data.ids.serviceSlugs) {
    const list = data.byService.get(data.ids.serviceId.get(service)!);
    if (!list?.length) continue;
    marked.fill(0);
    for (let i = 0; i < list.length; i++) marked[list[i]!] = 1;
    const townCounts: PlaceCount[] = [];
    for (const town of data.ids.townSlugs) {
      const served = data.byTown.get(data.ids.townId.get(town)!);
      let n = 0;
      if (served) for (let i = 0; i < served.length; i++) n += marked[served[i]!]!;
      if (n > 0) townCounts.push({ slug: town, count: n });
    }
    out.push({ slug: service, count: marked.reduce((n, m) => n + m, 0), towns: townCounts });
  }
  return { services: out };
}

export interface CoverageRow {
  service: string;
  /** null: the service in the whole county. */
  town: string | null;
  count: number;
  /** The newest change (updated_at) among the combination's contractors, when asked for. */
  lastmod?: Date;
}

/**
 * SQL: listed contractors per service and per service and town, in taxonomy order. `lastmod`
 * adds each one's newest contractor change, for the sitemap; the directory never asks for it,
 * as updated_at moves without the directory version (docs/decisions/0065-directory-read-model.md).
 */
export async function sqlCoverageRows(
  db: Db,
  county: string,
  opts: { lastmod?: boolean } = {},
): Promise<CoverageRow[]> {
  // A contractor covers its home town and its service areas (the search's location filter).
  // Its column names are unique in the statement: Drizzle names a subquery's columns without the subquery.
  const served = db
    .select({
      contractorId: sql<number>`${contractors.id}`.as('served_contractor_id'),
      townId: sql<number>`${contractors.homeTownId}`.as('served_town_id'),
    })
    .from(contractors)
    .where(isNotNull(contractors.homeTownId))
    .union(
      db
        .select({ contractorId: contractorServiceAreas.contractorId, townId: contractorServiceAreas.townId })
        .from(contractorServiceAreas),
    )
    .as('served');
  // The county's listed contractors, the services it offers and its towns (docs/decisions/0101-read-model-per-county.md).
  const listed = and(isListed, servesCounty(county), eq(contractors.id, contractorServices.contractorId));
  // Without `lastmod` the statement reads no updated_at (tests/api/directory-version-coverage.test.ts).
  const last = { lastmod: opts.lastmod ? max(contractors.updatedAt) : sql<Date | null>`null` };
  const [byService, byTown] = await Promise.all([
    db
      .select({ service: services.slug, count: count(), ...last })
      .from(contractorServices)
      .innerJoin(contractors, listed)
      .innerJoin(services, and(eq(services.id, contractorServices.serviceId), serviceInCounty(county)))
      .groupBy(services.slug, services.sortOrder, services.id)
      .orderBy(asc(services.sortOrder), asc(services.id)),
    db
      .select({ service: services.slug, town: towns.slug, count: count(), ...last })
      .from(contractorServices)
      .innerJoin(contractors, listed)
      .innerJoin(services, and(eq(services.id, contractorServices.serviceId), serviceInCounty(county)))
      .innerJoin(served, eq(served.contractorId, contractorServices.contractorId))
      .innerJoin(towns, and(eq(towns.id, served.townId), townInCounty(county)))
      .groupBy(services.slug, services.sortOrder, services.id, towns.slug, towns.sortOrder, towns.id)
      .orderBy(asc(services.sortOrder), asc(services.id), asc(towns.sortOrder), asc(towns.id)),
  ]);
  const row = (r: { service: string; town: string | null; count: number; lastmod: Date | null }): CoverageRow => ({
    service: r.service,
    town: r.town,
    count: Number(r.count),
    ...(r.lastmod ? { lastmod: r.lastmod } : {}),
  });
  const townsOf = new Map<string, CoverageRow[]>();
  for (const r of byTown) townsOf.set(r.service, [...(townsOf.get(r.service) ?? []), row(r)]);
  return byService.flatMap((s) => [row({ ...s, town: null }), ...(townsOf.get(s.service) ?? [])]);
}

/** The SQL reference's coverage of a county. */
export async function sqlCoverage(db: Db, county: string): Promise<ServiceCoverage> {
  const rows = await sqlCoverageRows(db, county);
  const out: ServiceCoverage['services'] = [];
  for (const r of rows) {
    if (r.town === null) out.push({ slug: r.service, count: r.count, towns: [] });
    else out.at(-1)!.towns.push({ slug: r.town, count: r.count });
  }
  return { services: out };
}
