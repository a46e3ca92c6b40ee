import { and, asc, count, eq, exists, gte, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { ContractorPage, ContractorProfile, DirectoryQuery } from '@shared/schemas/directory';
import type { Db } from '../db/client';
import { contractorServiceAreas, contractorServices, contractors, services, towns } from '../db/schema';
import { notFound } from '../http/errors';
import { cachedDirectory, directoryVersion } from './directory-cache';
import { cardColumns, isListed, ORDER, toPublic } from './directory-cards';
import { directoryIndex } from './directory-index';
import { taxonomyIds } from './taxonomy-ids';

async function filtersOf(db: Db, q: DirectoryQuery): Promise<SQL> {
  const ids = await taxonomyIds(db);
  const conds: SQL[] = [isListed];
  if (q.services.length) {
    const serviceIds = q.services.map((s) => ids.serviceId.get(s) ?? -1);
    conds.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(contractorServices)
          .where(and(eq(contractorServices.contractorId, contractors.id), inArray(contractorServices.serviceId, serviceIds))),
      ),
    );
  }
  if (q.town) {
    const townId = ids.townId.get(q.town) ?? -1;
    conds.push(
      or(
        eq(contractors.homeTownId, townId),
        exists(
          db
            .select({ one: sql`1` })
            .from(contractorServiceAreas)
            .where(and(eq(contractorServiceAreas.contractorId, contractors.id), eq(contractorServiceAreas.townId, townId))),
        ),
      )!,
    );
  }
  if (q.minRating !== null) conds.push(gte(contractors.rating, q.minRating));
  if (q.licensedOnly) conds.push(eq(contractors.verified, true));
  return and(...conds)!;
}

/** Service names per contractor, in each contractor's own order. */
async function servicesOf(db: Db, ids: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (!ids.length) return out;
  const rows = await db
    .select({ contractorId: contractorServices.contractorId, name: services.name })
    .from(contractorServices)
    .innerJoin(services, eq(services.id, contractorServices.serviceId))
    .where(inArray(contractorServices.contractorId, ids))
    .orderBy(asc(contractorServices.contractorId), asc(contractorServices.position), asc(services.sortOrder));
  for (const r of rows) out.set(r.contractorId, [...(out.get(r.contractorId) ?? []), r.name]);
  return out;
}

async function countListed(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(contractors).where(isListed);
  return row?.n ?? 0;
}

/** One page of the public directory with its counts, filtered, sorted and paged in SQL. */
async function queryPage(db: Db, q: DirectoryQuery, totalAll: number): Promise<ContractorPage> {
  const filtered = q.services.length > 0 || q.town !== null || q.minRating !== null || q.licensedOnly;
  const rows = await db
    .select({ ...cardColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(contractors)
    .where(await filtersOf(db, q))
    .orderBy(...ORDER[q.sort])
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  // The window count rides along with the page; past the last page it needs its own query.
  let total = rows[0]?.total ?? 0;
  if (!rows.length && q.page > 1) total = filtered ? ((await db.select({ n: count() }).from(contractors).where(await filtersOf(db, q)))[0]?.n ?? 0) : totalAll;
  const names = await servicesOf(
    db,
    rows.map((r) => r.id),
  );
  return { contractors: rows.map((r) => toPublic(r, names.get(r.id) ?? [])), total, totalAll, page: q.page, pageSize: q.pageSize };
}

export interface DirectoryOptions {
  /** Answer from the in-memory index of the current directory version instead of SQL. */
  cache?: boolean;
}

export async function listContractors(db: Db, q: DirectoryQuery, opts: DirectoryOptions = {}): Promise<ContractorPage> {
  if (opts.cache === false) return queryPage(db, q, await countListed(db));
  return (await directoryIndex(db, await directoryVersion(db))).page(q);
}

/** A listed contractor's public profile; hidden, pending, rejected and missing ones are 404. */
export async function getContractorProfile(db: Db, id: number, opts: DirectoryOptions = {}): Promise<ContractorProfile> {
  return cachedDirectory(db, `profile:${id}`, () => queryProfile(db, id), opts.cache);
}

async function queryProfile(db: Db, id: number): Promise<ContractorProfile> {
  const [row] = await db
    .select({
      ...cardColumns,
      zip: contractors.zip,
      yearsInBusiness: contractors.yearsInBusiness,
      insuranceInfo: contractors.insuranceInfo,
      website: contractors.website,
      certifications: contractors.certifications,
      priceRange: contractors.priceRange,
      availability: contractors.availability,
      responseTime: contractors.responseTime,
      homeTownId: contractors.homeTownId,
      homeTown: towns.name,
    })
    .from(contractors)
    .leftJoin(towns, eq(towns.id, contractors.homeTownId))
    .where(and(eq(contractors.id, id), isListed));
  if (!row) throw notFound('Contractor not found');
  const [names, areas] = await Promise.all([
    servicesOf(db, [id]),
    db
      .select({ id: towns.id, name: towns.name })
      .from(contractorServiceAreas)
      .innerJoin(towns, eq(towns.id, contractorServiceAreas.townId))
      .where(eq(contractorServiceAreas.contractorId, id))
      .orderBy(asc(towns.sortOrder)),
  ]);
  const serviceAreas = [...(row.homeTown ? [row.homeTown] : []), ...areas.filter((a) => a.id !== row.homeTownId).map((a) => a.name)];
  return {
    ...toPublic(row, names.get(id) ?? []),
    city: row.city,
    state: row.state,
    zip: row.zip,
    homeTown: row.homeTown,
    serviceAreas,
    yearsInBusiness: row.yearsInBusiness,
    insured: Boolean(row.insuranceInfo?.trim()),
    website: row.website,
    certifications: row.certifications,
    priceRange: row.priceRange,
    availability: row.availability,
    responseTime: row.responseTime,
  };
}

/** Ids and last change of every listed contractor, for the sitemap. */
export async function listedContractorIds(db: Db) {
  return db.select({ id: contractors.id, updatedAt: contractors.updatedAt }).from(contractors).where(isListed).orderBy(asc(contractors.id));
}
