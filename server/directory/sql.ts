import { and, asc, count, eq, inArray, not, sql, type SQL } from 'drizzle-orm';
import type { ContractorPage, ContractorProfile, DirectoryQuery } from '@shared/schemas/directory';
import type { Db } from '../db/client';
import {
  contractorLeadPreferences,
  contractorReplyRecords,
  contractorServiceAreas,
  contractorServices,
  contractors,
  regions,
  services,
  towns,
} from '../db/schema';
import { insurance, onInsurance, onRegistration, registration } from '../db/credential-joins';
import {
  cardColumns,
  isListed,
  ORDER,
  profileColumns,
  toProfile,
  toPublic,
  withPreferences,
  withReplyRecord,
} from './cards';
import { ANNOUNCED, FILTER_LIST } from './filters';
import type { TaxonomyIds } from './taxonomy';
import { homeSiteOf, servesCounty, townInCounty } from './county';
import type { GalleryPage, GalleryQuery } from '@shared/schemas/gallery';
import { formatLocation } from '@shared/taxonomy';
import {
  directoryQueryOfGallery,
  GALLERY_FILTERS,
  galleryOrder,
  galleryPageOf,
  listingPhotos,
  publicPhoto,
} from './photos';

/**
 * The directory answered in SQL: the reference the snapshot is tested against, and every read
 * when DIRECTORY_CACHE=false. The filters, orders and rows-to-answers come from the same
 * definitions as the snapshot's (filters.ts, cards.ts), and a county lists what county.ts says
 * (docs/decisions/0101-read-model-per-county.md).
 */

/** The county's listed contractors meeting every active filter on `today`; `announced` false leaves the announced filter out. */
function whereOf(county: string, q: DirectoryQuery, ids: TaxonomyIds, today: string, announced = true): SQL {
  return and(
    isListed,
    servesCounty(county),
    ...FILTER_LIST.filter((f) => f.active(q) && (announced || f !== ANNOUNCED)).map((f) => f.where(q, ids, today)),
  )!;
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

async function countWhere(db: Db, where: SQL): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(contractors)
    .leftJoin(registration, onRegistration)
    .leftJoin(insurance, onInsurance)
    .where(where);
  return row?.n ?? 0;
}

/** One page of a county's directory with its counts on the site's day `today`, filtered, sorted and paged in SQL. */
export async function sqlPage(
  db: Db,
  county: string,
  ids: TaxonomyIds,
  q: DirectoryQuery,
  today: string,
): Promise<ContractorPage> {
  const where = whereOf(county, q, ids, today);
  const [rows, totalAll, unverifiedMatches] = await Promise.all([
    db
      .select({ ...cardColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(contractors)
      .leftJoin(registration, onRegistration)
      .leftJoin(insurance, onInsurance)
      .leftJoin(contractorLeadPreferences, withPreferences)
      .leftJoin(contractorReplyRecords, withReplyRecord)
      .where(where)
      .orderBy(...ORDER[q.sort])
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    countWhere(db, and(isListed, servesCounty(county))!),
    // What the announced filter hides: the matches of every other filter that fail it.
    ANNOUNCED.active(q)
      ? countWhere(db, and(whereOf(county, q, ids, today, false), not(ANNOUNCED.where(q, ids, today)))!)
      : 0,
  ]);
  // The window count rides along with the page; past the last page it needs its own query.
  const total = rows[0]?.total ?? (q.page > 1 ? await countWhere(db, where) : 0);
  const shown = rows.map((r) => r.id);
  const [names, photos] = await Promise.all([
    servicesOf(db, shown),
    listingPhotos(db, shown.length ? inArray(contractors.id, shown) : sql`false`),
  ]);
  return {
    contractors: rows.map((r) => toPublic(r, names.get(r.id) ?? [], today, photos.get(r.id)?.logo ?? null)),
    total,
    totalAll,
    unverifiedMatches,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/**
 * A contractor's public profile on a county's site on the site's day `today`, or undefined (hidden,
 * pending, rejected, missing ones and those the county does not list); its service areas are the
 * county's towns, its canonical address its home county's site (`deploymentUrl` makes it).
 */
export async function sqlProfile(
  db: Db,
  county: string,
  id: number,
  today: string,
  deploymentUrl = '',
): Promise<ContractorProfile | undefined> {
  const [row] = await db
    .select({
      ...profileColumns,
      homeTown: towns.name,
      home: { slug: regions.slug, isDefault: regions.isDefault, publicUrl: regions.publicUrl },
    })
    .from(contractors)
    .leftJoin(registration, onRegistration)
    .leftJoin(insurance, onInsurance)
    .leftJoin(contractorLeadPreferences, withPreferences)
    .leftJoin(contractorReplyRecords, withReplyRecord)
    .leftJoin(towns, eq(towns.id, contractors.homeTownId))
    .leftJoin(regions, eq(regions.id, towns.regionId))
    .where(and(eq(contractors.id, id), isListed, servesCounty(county)));
  if (!row) return undefined;
  const [names, areas, photos] = await Promise.all([
    servicesOf(db, [id]),
    db
      .select({ id: towns.id, name: towns.name })
      .from(contractorServiceAreas)
      .innerJoin(towns, eq(towns.id, contractorServiceAreas.townId))
      .where(and(eq(contractorServiceAreas.contractorId, id), townInCounty(county)))
      .orderBy(asc(towns.sortOrder), asc(towns.id)),
    listingPhotos(db, eq(contractors.id, id)),
  ]);
  const own = photos.get(id);
  return toProfile(
    toPublic(row, names.get(id) ?? [], today, own?.logo ?? null),
    row,
    row.homeTown,
    areas,
    today,
    homeSiteOf(row.home, county, deploymentUrl),
    (own?.projects ?? []).map(publicPhoto),
  );
}

/**
 * A page of the county's project gallery (docs/decisions/0112-photos-on-the-public-site.md): the
 * listed contractors meeting the services and town filters as search reads them, and their approved
 * project photos in gallery order.
 */
export async function sqlGallery(
  db: Db,
  county: string,
  ids: TaxonomyIds,
  q: GalleryQuery,
  today: string,
): Promise<GalleryPage> {
  const dq = directoryQueryOfGallery(q);
  const where = and(
    isListed,
    servesCounty(county),
    ...GALLERY_FILTERS.filter((f) => f.active(dq)).map((f) => f.where(dq, ids, today)),
  )!;
  const listed = await db
    .select({ id: contractors.id, name: contractors.name, city: contractors.city, state: contractors.state })
    .from(contractors)
    .where(where);
  if (listed.length === 0) return galleryPageOf([], q.page);
  const byId = new Map(
    listed.map((c) => [c.id, { id: c.id, name: c.name, location: formatLocation(c.city, c.state) }]),
  );
  const photos = await listingPhotos(db, where);
  const entries = [...photos].flatMap(([id, { projects }]) =>
    projects.map((photo) => ({ photo, contractor: byId.get(id)! })),
  );
  return galleryPageOf(
    entries.sort((a, b) => galleryOrder(a.photo, b.photo)),
    q.page,
  );
}
