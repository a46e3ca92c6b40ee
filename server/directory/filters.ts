import { and, eq, gte, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DirectoryQuery } from '@shared/schemas/directory';
import { contractorServiceAreas, contractorServices, contractors } from '../db/schema';
import { credentialColumns } from './cards';
import type { TaxonomyIds } from './taxonomy';

/**
 * Each directory filter, defined once for both paths: the condition on a contractors row (the
 * SQL reference, and every read with DIRECTORY_CACHE=false) and the same test over the snapshot in
 * memory. tests/api/directory-index.test.ts holds the two to the same answers on random queries.
 * To add a filter, see docs/decisions/0065-directory-read-model.md.
 */

/** What a filter's memory side may read, by snapshot position (rows in id order). */
export interface FilterData {
  readonly size: number;
  readonly ids: TaxonomyIds;
  /** A numeric contractors column a filter names in `columns`, by position. */
  numbers(col: AnyPgColumn): Float64Array;
  /** A boolean contractors column a filter names in `columns`, by position (1 = true). */
  flags(col: AnyPgColumn): Uint8Array;
  /** A date contractors column a filter names in `columns`, by position, as day numbers (dayNumber; none: NO_DATE). */
  days(col: AnyPgColumn): Int32Array;
  /** The site's day the snapshot answers for, as a day number: a snapshot is kept per version and day. */
  readonly today: number;
  /** Positions of the contractors offering each service id / serving each town id (home town included). */
  readonly byService: ReadonlyMap<number, Int32Array>;
  readonly byTown: ReadonlyMap<number, Int32Array>;
}

export interface DirectoryFilter {
  /** The query asks for this filter. */
  active(q: DirectoryQuery): boolean;
  /** SQL: the condition a listed contractor meets on the site's day `today` ('YYYY-MM-DD'), over the listing and its credentials (joined as cards.ts credentialColumns says). */
  where(q: DirectoryQuery, ids: TaxonomyIds, today: string): SQL;
  /**
   * Memory: which snapshot positions meet it: lists of the positions that do (a contractor in any
   * of them meets it), a mask (1 = meets it; only read), or a test of one position (tried only on
   * the positions the lists and masks let through).
   */
  keep(q: DirectoryQuery, s: FilterData): Iterable<Int32Array> | Uint8Array | ((pos: number) => boolean);
  /** Columns of the listing or its credentials (cards.ts credentialColumns) the memory side reads; the snapshot loads them. */
  readonly columns: readonly AnyPgColumn[];
}

const EMPTY = new Int32Array(0);

/** Days since 1970-01-01 of a 'YYYY-MM-DD' date, how the snapshot keeps date columns. */
export const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000);
/** A date column's empty value: later than any date. */
export const NO_DATE = 2_147_483_647;

/** An expiry date still ahead of `today`, or none (docs/decisions/0033-credential-expiry.md). */
const notExpired = (col: AnyPgColumn, today: string) => or(isNull(col), sql`${col} > ${today}::date`)!;
/** The position lists of the keys. */
const listsOf = (lists: ReadonlyMap<number, Int32Array>, keys: number[]) => keys.map((k) => lists.get(k) ?? EMPTY);

/** Any of the asked services (unknown slugs match nothing; the query schema already refuses them). */
const serviceIdsOf = (q: DirectoryQuery, ids: TaxonomyIds) => [
  ...new Set(q.services.map((s) => ids.serviceId.get(s) ?? -1)),
];
const townIdOf = (q: DirectoryQuery, ids: TaxonomyIds) => ids.townId.get(q.town ?? '') ?? -1;

export const FILTERS = {
  services: {
    active: (q) => q.services.length > 0,
    where: (q, ids) =>
      sql`exists (select 1 from ${contractorServices} where ${contractorServices.contractorId} = ${contractors.id} and ${inArray(contractorServices.serviceId, serviceIdsOf(q, ids))})`,
    keep: (q, s) => listsOf(s.byService, serviceIdsOf(q, s.ids)),
    columns: [],
  },
  /** A town matches a contractor's home town or any of its service areas (docs/decisions/0001-region-data.md). */
  town: {
    active: (q) => q.town !== null,
    where: (q, ids) =>
      or(
        eq(contractors.homeTownId, townIdOf(q, ids)),
        sql`exists (select 1 from ${contractorServiceAreas} where ${contractorServiceAreas.contractorId} = ${contractors.id} and ${contractorServiceAreas.townId} = ${townIdOf(q, ids)})`,
      )!,
    keep: (q, s) => listsOf(s.byTown, [townIdOf(q, s.ids)]),
    columns: [],
  },
  minRating: {
    active: (q) => q.minRating !== null,
    where: (q) => gte(contractors.rating, q.minRating!),
    keep: (q, s) => {
      const rating = s.numbers(contractors.rating);
      const min = q.minRating!;
      return (pos) => rating[pos]! >= min;
    },
    columns: [contractors.rating],
  },
  /**
   * 'Licensed & Insured Only': both credentials verified by the administrator (the stored badge) and
   * neither expired on the day asked about, so an expiry drops it that day even before the daily
   * job records the lapse (docs/decisions/0033-credential-expiry.md; shared/credentials.ts badgeOn).
   */
  licensed: {
    active: (q) => q.licensedOnly,
    where: (_q, _ids, today) =>
      and(
        eq(contractors.verified, true),
        notExpired(credentialColumns.registrationExpiresOn, today),
        notExpired(credentialColumns.insuranceExpiresOn, today),
      )!,
    keep: (_q, s) => {
      const verified = s.flags(contractors.verified);
      const registration = s.days(credentialColumns.registrationExpiresOn);
      const insurance = s.days(credentialColumns.insuranceExpiresOn);
      const today = s.today;
      return (pos) => verified[pos] === 1 && registration[pos]! > today && insurance[pos]! > today;
    },
    columns: [contractors.verified, credentialColumns.registrationExpiresOn, credentialColumns.insuranceExpiresOn],
  },
} satisfies Record<string, DirectoryFilter>;

export const FILTER_LIST: readonly DirectoryFilter[] = Object.values(FILTERS);

/** The filter whose hidden matches a page counts, so the search page can announce them (ContractorPage.unverifiedMatches). */
export const ANNOUNCED: DirectoryFilter = FILTERS.licensed;

/** Every contractors column some filter's memory side reads. */
export const FILTER_COLUMNS: readonly AnyPgColumn[] = [...new Set(FILTER_LIST.flatMap((f) => f.columns))];
