import { and, asc, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  SORTS,
  type ContractorPage,
  type ContractorProfile,
  type DirectoryQuery,
  type DirectorySort,
  type PublicContractor,
} from '@shared/schemas/directory';
import { VersionedLru } from '@shared/versioned-lru';
import type { Db } from '../db/client';
import {
  contractorLeadPreferences,
  contractorReplyRecords,
  contractorServiceAreas,
  contractorServices,
  contractors,
  directoryVersions,
  regions,
  services,
  towns,
} from '../db/schema';
import { insurance, onInsurance, onRegistration, registration } from '../db/credential-joins';
import {
  isListed,
  ORDER,
  profileColumns,
  profileOnlyColumns,
  toProfile,
  toPublic,
  withPreferences,
  withReplyRecord,
  type ProfileOnlyRow,
  type ProfileRow,
} from './cards';
import { ANNOUNCED, dayNumber, FILTER_COLUMNS, FILTER_LIST, NO_DATE, type FilterData } from './filters';
import { deepFreeze, type Frozen } from '@shared/deep-freeze';
import { toTaxonomyIds, type TaxonomyIds } from './taxonomy';
import { coverageOf, servicePageOf, servicePageQuery } from './coverage';
import { homeSiteOf, serviceInCounty, servesCounty, townInCounty } from './county';
import type { ServiceCoverage, ServicePageAnswer, ServicePageParams } from '@shared/schemas/service-pages';
import type { GalleryPage, GalleryQuery } from '@shared/schemas/gallery';
import {
  directoryQueryOfGallery,
  GALLERY_FILTERS,
  galleryOrder,
  galleryPageOf,
  listingPhotos,
  publicPhoto,
  type GalleryEntry,
  type ListingPhotos,
} from './photos';

/**
 * A county's listed directory held in memory (docs/decisions/0101-read-model-per-county.md), one
 * snapshot per county version and site day: cards,
 * what profiles need, which services and towns each contractor covers, the columns filters read,
 * and each sort's order as the database computes it (so collation matches SQL). Filtering and
 * counting a few thousand rows in SQL for every search costs tens of milliseconds under load; the
 * same work over typed arrays costs well under one. Everything it hands out is frozen.
 */
export class Snapshot implements FilterData {
  readonly size: number;
  /** About how much memory it holds, from its rows (with the answers it keeps at their most): what the read model's memory budget counts. */
  readonly bytes: number;
  /** Contractor ids by position, ascending (rows are loaded in id order). */
  private readonly idAt: Int32Array;
  private readonly cards: readonly Frozen<PublicContractor>[];
  private readonly orders: Record<DirectorySort, Int32Array>;
  readonly byService: ReadonlyMap<number, Int32Array>;
  readonly byTown: ReadonlyMap<number, Int32Array>;
  private readonly columns: Map<AnyPgColumn, FilterValues>;
  readonly today: number;
  /** Service areas as town ids, contractor by contractor in town order: those of position p are areaTowns[areaStart[p]..areaStart[p+1]). */
  private readonly areaStart: Int32Array;
  private readonly areaTowns: Int32Array;
  /** What profiles add to the cards, by column, with repeated values shared: the directory stays small, and a profile is made from it on request. */
  private readonly profileOnly: { [K in keyof ProfileOnlyRow]: ProfileOnlyRow[K][] };
  /**
   * Pages already answered, with their gzip (server/http/answer-bodies.ts): about 1.9 KB a 12-card page at
   * 10,000 contractors once only the gzip is kept, so the few thousand filter combinations a
   * directory is searched with stay answered from memory
   * (docs/decisions/0067-reused-answers-and-pages.md).
   */
  private readonly pages: VersionedLru<Frozen<ContractorPage>>;
  private readonly keys = new WeakMap<DirectoryQuery, string>();
  private readonly profiles: VersionedLru<Frozen<ContractorProfile>>;
  private coverageMade?: Frozen<ServiceCoverage>;
  private readonly servicePages = new VersionedLru<Frozen<ServicePageAnswer>>(500);
  /** The gallery's pages asked for (docs/decisions/0112-photos-on-the-public-site.md), and every project photo in gallery order, made on first use. */
  private readonly galleryPages = new VersionedLru<Frozen<GalleryPage>>(500);
  private galleryAll?: readonly (GalleryEntry & { pos: number })[];

  constructor(
    /** The county's slug. */
    readonly county: string,
    /** The county's directory version the rows belong to. */
    readonly version: number,
    /** The site's day ('YYYY-MM-DD') the answers are for: an expiry drops a badge on its day (docs/decisions/0033-credential-expiry.md). */
    readonly day: string,
    rows: readonly SnapshotRow[],
    offered: readonly { contractorId: number; serviceId: number; name: string }[],
    served: readonly { contractorId: number; townId: number }[],
    private readonly townNames: ReadonlyMap<number, string>,
    readonly ids: TaxonomyIds,
    /** The home towns of other counties, to the address of their county's site (a profile's canonical address). */
    private readonly homeSites: ReadonlyMap<number, string> = new Map(),
    /** Approved logos and project photos, by contractor id (photos.ts). */
    private readonly photos: ReadonlyMap<number, ListingPhotos> = new Map(),
  ) {
    const n = (this.size = rows.length);
    // A small county keeps fewer answers: 8,192 pages and 2,000 profiles at 10,000 contractors, as before counties.
    const keptPages = Math.min(PAGES_KEPT, 256 + 4 * n);
    const keptProfiles = Math.min(PROFILES_KEPT, 64 + n);
    this.pages = new VersionedLru(keptPages);
    this.profiles = new VersionedLru(keptProfiles);
    this.bytes = snapshotBytes(n, served.length + offered.length, keptPages, keptProfiles);
    this.idAt = Int32Array.from(rows, (r) => r.id);
    const positionOf = (id: number) => this.positionOf(id)!;

    const names: string[][] = rows.map(() => []);
    const serviceLists = new Map<number, number[]>();
    for (const o of offered) {
      const pos = positionOf(o.contractorId);
      names[pos]!.push(o.name);
      (serviceLists.get(o.serviceId) ?? serviceLists.set(o.serviceId, []).get(o.serviceId)!).push(pos);
    }
    const townSets = new Map<number, Set<number>>();
    const serve = (townId: number, pos: number) =>
      (townSets.get(townId) ?? townSets.set(townId, new Set()).get(townId)!).add(pos);
    rows.forEach((r, pos) => r.homeTownId !== null && serve(r.homeTownId, pos));
    this.areaStart = new Int32Array(n + 1);
    this.areaTowns = new Int32Array(served.length);
    // `served` comes in contractor (= position) order, so each contractor's areas are one run.
    served.forEach((s, i) => {
      const pos = positionOf(s.contractorId);
      serve(s.townId, pos);
      this.areaTowns[i] = s.townId;
      this.areaStart[pos + 1]!++;
    });
    for (let p = 0; p < n; p++) this.areaStart[p + 1]! += this.areaStart[p]!;
    this.byService = new Map([...serviceLists].map(([k, v]) => [k, Int32Array.from(v)]));
    this.byTown = new Map([...townSets].map(([k, v]) => [k, Int32Array.from(v)]));

    this.orders = {} as Record<DirectorySort, Int32Array>;
    for (const sort of SORTS) {
      const order = new Int32Array(n);
      rows.forEach((r, pos) => (order[r[`${sort}_rank`] - 1] = pos));
      this.orders[sort] = order;
    }
    this.today = dayNumber(day);
    this.columns = new Map<AnyPgColumn, FilterValues>(
      FILTER_COLUMNS.map((col, i) => {
        const key = filterKey(i);
        if (col.dataType === 'number') return [col, Float64Array.from(rows, (r) => r[key] as number)];
        if (col.dataType === 'boolean') return [col, Uint8Array.from(rows, (r) => (r[key] ? 1 : 0))];
        if (col.columnType === 'PgDateString')
          return [col, Int32Array.from(rows, (r) => (r[key] === null ? NO_DATE : dayNumber(r[key] as string)))];
        throw new Error(
          `The snapshot keeps numeric, boolean and date columns for filters, not ${col.name} (${col.dataType})`,
        );
      }),
    );
    this.cards = rows.map((r, pos) => deepFreeze(toPublic(r, names[pos]!, day, photos.get(r.id)?.logo ?? null)));
    this.profileOnly = byColumn(rows, Object.keys(profileOnlyColumns) as (keyof ProfileOnlyRow)[]);
  }

  private positionOf(id: number): number | undefined {
    let lo = 0;
    let hi = this.idAt.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const v = this.idAt[mid]!;
      if (v === id) return mid;
      if (v < id) lo = mid + 1;
      else hi = mid - 1;
    }
    return undefined;
  }

  numbers(col: AnyPgColumn): Float64Array {
    return this.filterColumn(col, Float64Array, 'numeric');
  }

  flags(col: AnyPgColumn): Uint8Array {
    return this.filterColumn(col, Uint8Array, 'boolean');
  }

  days(col: AnyPgColumn): Int32Array {
    return this.filterColumn(col, Int32Array, 'date');
  }

  /** A filter column's values, refused when a filter reads a column it did not name, or as another kind. */
  private filterColumn<T extends FilterValues>(col: AnyPgColumn, kind: new (length: number) => T, what: string): T {
    const values = this.columns.get(col);
    if (!(values instanceof kind))
      throw new Error(`The snapshot has no ${what} column ${col.name}: name it in the filter's columns`);
    return values;
  }

  /** One page with its counts: the same filters, order and counts as the SQL reference. Pages already answered are kept. */
  page(q: DirectoryQuery): Frozen<ContractorPage> {
    const key = this.keyOf(q);
    let page = this.pages.get(key, 0);
    if (!page) {
      page = deepFreeze(this.pageOf(q));
      this.pages.set(key, 0, page);
    }
    return page;
  }

  /** A query's key in `pages`; the API hands the same frozen query to every request for an address, so its key is made once. */
  private keyOf(q: DirectoryQuery): string {
    if (!Object.isFrozen(q)) return JSON.stringify(q);
    let key = this.keys.get(q);
    if (key === undefined) this.keys.set(q, (key = JSON.stringify(q)));
    return key;
  }

  private pageOf(q: DirectoryQuery): ContractorPage {
    // Listed positions are marked with one bit per filter, masks are read as they are, and tests
    // are tried only on the positions those let through.
    let marks: Uint8Array | null = null;
    let need = 0;
    const masks: Uint8Array[] = [];
    const tests: ((pos: number) => boolean)[] = [];
    let announced: Iterable<Int32Array> | Uint8Array | ((pos: number) => boolean) | null = null;
    for (const f of FILTER_LIST) {
      if (!f.active(q)) continue;
      const kept = f.keep(q, this);
      if (f === ANNOUNCED) announced = kept;
      else if (typeof kept === 'function') tests.push(kept);
      else if (kept instanceof Uint8Array) masks.push(kept);
      else {
        const bit = need === 0 ? 1 : (need + 1) & ~need;
        if (bit > 0x80) throw new Error('At most 8 directory filters of listed positions');
        need |= bit;
        marks ??= new Uint8Array(this.size);
        for (const list of kept) for (let i = 0; i < list.length; i++) marks[list[i]!]! |= bit;
      }
    }
    if (announced !== null && typeof announced !== 'function' && !(announced instanceof Uint8Array)) {
      const m = new Uint8Array(this.size);
      for (const list of announced) for (let i = 0; i < list.length; i++) m[list[i]!] = 1;
      announced = m;
    }
    const from = (q.page - 1) * q.pageSize;
    const to = from + q.pageSize;
    const out: Frozen<PublicContractor>[] = [];
    let total = 0;
    let hidden = 0;
    const order = this.orders[q.sort];
    next: for (let i = 0; i < order.length; i++) {
      const pos = order[i]!;
      if (marks !== null && (marks[pos]! & need) !== need) continue;
      for (let m = 0; m < masks.length; m++) if (masks[m]![pos] === 0) continue next;
      for (let t = 0; t < tests.length; t++) if (!tests[t]!(pos)) continue next;
      if (
        announced !== null &&
        (typeof announced === 'function' ? !announced(pos) : (announced as Uint8Array)[pos] === 0)
      ) {
        hidden++;
        continue;
      }
      if (total >= from && total < to) out.push(this.cards[pos]!);
      total++;
    }
    return {
      contractors: out as PublicContractor[],
      total,
      totalAll: this.size,
      unverifiedMatches: hidden,
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  /** Which services are offered where, with counts: what has a service page. Made once per snapshot. */
  coverage(): Frozen<ServiceCoverage> {
    return (this.coverageMade ??= deepFreeze(coverageOf(this)));
  }

  /** A service page (the last 500 asked for are kept); throws not found for a combination without a contractor. */
  servicePage(p: ServicePageParams): Frozen<ServicePageAnswer> {
    const key = `${p.service}/${p.town ?? ''}/${p.page}`;
    let answer = this.servicePages.get(key, 0);
    if (!answer) {
      answer = deepFreeze(
        servicePageOf(p, this.coverage() as ServiceCoverage, this.page(servicePageQuery(p)) as ContractorPage),
      );
      this.servicePages.set(key, 0, answer);
    }
    return answer;
  }

  /** A listed contractor's profile (the last 2,000 asked for are kept); undefined when it is not listed. */
  profile(id: number): Frozen<ContractorProfile> | undefined {
    let profile = this.profiles.get(String(id), 0);
    if (profile) return profile;
    const pos = this.positionOf(id);
    if (pos === undefined) return undefined;
    const row = Object.fromEntries(
      Object.entries(this.profileOnly).map(([k, values]) => [k, values[pos]]),
    ) as unknown as ProfileOnlyRow;
    const areas = Array.from(this.areaTowns.subarray(this.areaStart[pos], this.areaStart[pos + 1]), (townId) => ({
      id: townId,
      name: this.townNames.get(townId)!,
    }));
    const homeTown = row.homeTownId === null ? null : (this.townNames.get(row.homeTownId) ?? null);
    const homeSite = row.homeTownId === null ? null : (this.homeSites.get(row.homeTownId) ?? null);
    const photos = (this.photos.get(id)?.projects ?? []).map(publicPhoto);
    profile = deepFreeze(
      toProfile(this.cards[pos] as PublicContractor, row, homeTown, areas, this.day, homeSite, photos),
    );
    this.profiles.set(String(id), 0, profile);
    return profile;
  }

  /** A page of the county's project gallery, filtered by services and town as search is (the last 500 asked for are kept). */
  gallery(q: GalleryQuery): Frozen<GalleryPage> {
    const key = `${q.services.join(',')}/${q.town ?? ''}/${q.page}`;
    let answer = this.galleryPages.get(key, 0);
    if (answer) return answer;
    const all = (this.galleryAll ??= this.galleryEntries());
    const dq = directoryQueryOfGallery(q);
    const lists = GALLERY_FILTERS.filter((f) => f.active(dq)).map((f) => [
      ...(f.keep(dq, this) as Iterable<Int32Array>),
    ]);
    // A contractor passes a filter when it is in any of the filter's position lists.
    const passes = lists.map((ls) => {
      const mark = new Uint8Array(this.size);
      for (const l of ls) for (let i = 0; i < l.length; i++) mark[l[i]!] = 1;
      return mark;
    });
    answer = deepFreeze(
      galleryPageOf(
        all.filter((e) => passes.every((m) => m[e.pos] === 1)),
        q.page,
      ),
    );
    this.galleryPages.set(key, 0, answer);
    return answer;
  }

  private galleryEntries(): (GalleryEntry & { pos: number })[] {
    const out: (GalleryEntry & { pos: number })[] = [];
    for (const [id, { projects }] of this.photos) {
      const pos = this.positionOf(id);
      if (pos === undefined) continue;
      const card = this.cards[pos]!;
      for (const photo of projects)
        out.push({ pos, photo, contractor: { id, name: card.name, location: card.location } });
    }
    return out.sort((a, b) => galleryOrder(a.photo, b.photo));
  }
}

const PAGES_KEPT = 8192;
const PROFILES_KEPT = 2000;

/**
 * An estimate of a snapshot's memory by its rows: a contractor's card, profile columns, sort ranks
 * and filter columns take about 1.5 KB; each service or area entry a few bytes; a kept page (with
 * the gzip the HTTP layer keeps beside it) about 2 KB and a kept profile about 1 KB, counted at
 * half the most kept. bench:search prints the app's memory to check it against.
 */
export function snapshotBytes(rows: number, entries: number, keptPages: number, keptProfiles: number): number {
  return 16_384 + rows * 1536 + entries * 16 + (keptPages * 2048 + keptProfiles * 1024) / 2;
}

const NONE: readonly never[] = Object.freeze([]);

/** The rows' values of some columns, one array per column; equal strings and empty arrays are shared. */
function byColumn<R, K extends keyof R>(rows: readonly R[], keys: K[]): { [C in K]: R[C][] } {
  const strings = new Map<string, string>();
  const share = (v: unknown) => {
    if (typeof v === 'string') return strings.get(v) ?? (strings.set(v, v), v);
    if (Array.isArray(v) && v.length === 0) return NONE;
    return v;
  };
  return Object.fromEntries(keys.map((k) => [k, rows.map((r) => share(r[k]))])) as { [C in K]: R[C][] };
}

const filterKey = (i: number) => `filter_${i}` as const;
/** A filter column's values by row position: numbers, booleans as 0 or 1, dates as day numbers. */
type FilterValues = Float64Array | Uint8Array | Int32Array;
type SnapshotRow = ProfileRow & Record<`${DirectorySort}_rank`, number> & Record<`filter_${number}`, unknown>;

const rankOf = (sort: DirectorySort) =>
  sql<number>`(row_number() over (order by ${sql.join(ORDER[sort], sql`, `)}))::int`;

/**
 * A county's listed directory at its current version, read in one consistent view, answering for
 * the site's day `day`; `deploymentUrl` makes the addresses of other counties' sites.
 */
export async function loadSnapshot(db: Db, county: string, day: string, deploymentUrl = ''): Promise<Snapshot> {
  const listed = and(isListed, servesCounty(county))!;
  return db.transaction(
    async (tx) => {
      // The version read here is the one the rows belong to.
      const [state] = await tx
        .select({ version: directoryVersions.version })
        .from(directoryVersions)
        .innerJoin(regions, eq(regions.id, directoryVersions.regionId))
        .where(eq(regions.slug, county));
      // One after another: a transaction is one connection, which runs one statement at a time anyway.
      const rows = await tx
        .select({
          ...profileColumns,
          ...Object.fromEntries(FILTER_COLUMNS.map((col, i) => [filterKey(i), col])),
          rating_rank: rankOf('rating'),
          name_rank: rankOf('name'),
          reviews_rank: rankOf('reviews'),
          location_rank: rankOf('location'),
          featured_rank: rankOf('featured'),
        })
        .from(contractors)
        .leftJoin(registration, onRegistration)
        .leftJoin(insurance, onInsurance)
        .leftJoin(contractorLeadPreferences, withPreferences)
        .leftJoin(contractorReplyRecords, withReplyRecord)
        .where(listed)
        .orderBy(asc(contractors.id));
      const offered = await tx
        .select({
          contractorId: contractorServices.contractorId,
          serviceId: contractorServices.serviceId,
          name: services.name,
        })
        .from(contractorServices)
        .innerJoin(services, eq(services.id, contractorServices.serviceId))
        .innerJoin(contractors, and(eq(contractors.id, contractorServices.contractorId), listed))
        .orderBy(asc(contractorServices.contractorId), asc(contractorServices.position), asc(services.sortOrder));
      const served = await tx
        .select({ contractorId: contractorServiceAreas.contractorId, townId: contractorServiceAreas.townId })
        .from(contractorServiceAreas)
        .innerJoin(towns, and(eq(towns.id, contractorServiceAreas.townId), townInCounty(county)))
        .innerJoin(contractors, and(eq(contractors.id, contractorServiceAreas.contractorId), listed))
        .orderBy(asc(contractorServiceAreas.contractorId), asc(towns.sortOrder), asc(towns.id));
      const serviceRows = await tx
        .select({ id: services.id, slug: services.slug })
        .from(services)
        .where(serviceInCounty(county))
        .orderBy(asc(services.sortOrder), asc(services.id));
      const townRows = await tx
        .select({ id: towns.id, slug: towns.slug, name: towns.name })
        .from(towns)
        .where(townInCounty(county))
        .orderBy(asc(towns.sortOrder), asc(towns.id));
      // A profile names its home town, which may be another county's, whose site is then its canonical address.
      const homeTowns = await tx
        .select({
          id: towns.id,
          name: towns.name,
          slug: regions.slug,
          isDefault: regions.isDefault,
          publicUrl: regions.publicUrl,
        })
        .from(towns)
        .innerJoin(regions, eq(regions.id, towns.regionId))
        .where(
          sql`${towns.id} in (select ${contractors.homeTownId} from ${contractors} where ${listed}) and not ${townInCounty(county)}`,
        );
      const townNames = new Map([...townRows, ...homeTowns].map((t) => [t.id, t.name]));
      const homeSites = new Map<number, string>();
      for (const t of homeTowns) {
        const site = homeSiteOf(t, county, deploymentUrl);
        if (site) homeSites.set(t.id, site);
      }
      const photos = await listingPhotos(tx, listed);
      return new Snapshot(
        county,
        state?.version ?? 0,
        day,
        rows as unknown as SnapshotRow[],
        offered,
        served,
        townNames,
        toTaxonomyIds(serviceRows, townRows),
        homeSites,
        photos,
      );
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
