import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ALL } from '@shared/all-choice';
import type { Region } from '@shared/region';
import type { ContractorPage } from '@shared/schemas/directory';
import { resolveService, resolveTown } from '@shared/taxonomy';
import type { ApiKey } from '@/lib/api';
import type { ViewMode } from './components/ContractorCard';
import { effectiveMinRating, RATING_CHOICES } from './rating';
import { criteriaParams, SEARCH_PATH, withQuery } from './search-criteria';

/**
 * Query keys are built from the address by these functions only, so the server renders a page
 * with exactly the data the browser then asks for. Those that read towns and services take the
 * page's county (useRegion(); docs/decisions/0102-region-in-boot-data.md).
 */

// The profile's own read is a module of its own: the profile's chunk then carries none of the search readers below.
export { contractorKey, useContractor } from './contractor-api';

const present = (v: string | null) => (v && v !== ALL ? v : '');

/** A list parameter as links write it (`rating=5,4`) or as a form without JavaScript sends it (`rating=5&rating=4`). */
function listParam(search: URLSearchParams, name: string): string[] {
  return search.getAll(name).flatMap((v) =>
    v
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
  );
}

function readRatings(search: URLSearchParams): number[] {
  const ratings = listParam(search, 'rating').map(Number);
  return [
    ...new Set(
      ratings.filter((r): r is (typeof RATING_CHOICES)[number] => (RATING_CHOICES as readonly number[]).includes(r)),
    ),
  ];
}

function readPage(search: URLSearchParams): number {
  const page = Number.parseInt(search.get('page') ?? '1', 10);
  return Number.isFinite(page) && page > 0 ? page : 1;
}

const readView = (search: URLSearchParams): ViewMode => (search.get('view') === 'list' ? 'list' : 'grid');

// ---- Search page: the Search button writes service and location into the address; with
// JavaScript the other filters are on-screen state, but the page also reads them from the address,
// where a browser without JavaScript puts them (docs/decisions/0022-pages-without-javascript.md).

export type SearchSort = 'rating' | 'name' | 'reviews';
export interface SearchCriteria {
  service: string;
  location: string;
}
export interface SearchFilters {
  sort: SearchSort;
  ratings: number[];
  licensed: boolean;
  page: number;
}
export const defaultSearchFilters: SearchFilters = { sort: 'rating', ratings: [], licensed: true, page: 1 };
const SEARCH_SORTS: SearchSort[] = ['rating', 'name', 'reviews'];

const knownService = (v: string, region: Region) => Boolean(resolveService(v, region)?.length);
const knownTown = (v: string, region: Region) => Boolean(resolveTown(v, region));

/** Service and location as the address gives them, less values no service or town answers to (see unrecognizedFilters). */
export function readSearchCriteria(search: URLSearchParams, region: Region): SearchCriteria {
  const location = present(search.get('location'));
  return {
    service: listParam(search, 'service')
      .filter((v) => knownService(v, region))
      .join(','),
    location: knownTown(location, region) ? location : '',
  };
}

/** A filter value in an old or mistyped link that names no service or town: left out of the query, and named on the page. */
export interface UnrecognizedFilter {
  name: 'service' | 'location';
  value: string;
  /** Whether other values of the same filter were recognized and still apply. */
  othersKept: boolean;
}

export function unrecognizedFilters(search: URLSearchParams, region: Region): UnrecognizedFilter[] {
  const services = listParam(search, 'service');
  const othersKept = services.some((v) => knownService(v, region));
  const location = search.get('location')?.trim() ?? '';
  return [
    ...services
      .filter((v) => resolveService(v, region) === null)
      .map((value) => ({ name: 'service' as const, value, othersKept })),
    ...(location && resolveTown(location, region) === null
      ? [{ name: 'location' as const, value: location, othersKept: false }]
      : []),
  ];
}

export function readSearchFilters(search: URLSearchParams): SearchFilters {
  const sort = search.get('sort') as SearchSort;
  // The box is ticked by default, and an unticked checkbox sends nothing: the form sends a hidden
  // 'false' before the box's 'true', so the last value wins.
  const licensed = search.getAll('licensed').at(-1);
  return {
    sort: SEARCH_SORTS.includes(sort) ? sort : 'rating',
    ratings: readRatings(search),
    licensed: licensed === undefined ? defaultSearchFilters.licensed : licensed !== 'false',
    page: readPage(search),
  };
}

export const readSearchView = readView;

/** The search address for a state, leaving out defaults (`/search?service=electrical&sort=name&licensed=false`). */
export function searchParams(c: SearchCriteria, f: SearchFilters, view: ViewMode): URLSearchParams {
  const p = criteriaParams(c.service, c.location);
  if (f.sort !== 'rating') p.set('sort', f.sort);
  if (view !== 'grid') p.set('view', view);
  if (f.ratings.length) p.set('rating', [...f.ratings].sort((a, b) => b - a).join(','));
  if (!f.licensed) p.set('licensed', 'false');
  if (f.page > 1) p.set('page', String(f.page));
  return p;
}

export const searchStateHref = (c: SearchCriteria, f: SearchFilters, view: ViewMode) =>
  withQuery(SEARCH_PATH, searchParams(c, f, view));

export function searchKey(criteria: SearchCriteria, filters: SearchFilters): ApiKey {
  const params: Record<string, string> = {};
  if (criteria.service) params.service = criteria.service;
  if (criteria.location) params.location = criteria.location;
  if (filters.sort !== 'rating') params.sort = filters.sort;
  const min = effectiveMinRating(filters.ratings);
  if (min) params.minRating = String(min);
  if (filters.licensed) params.licensed = 'true';
  if (filters.page > 1) params.page = String(filters.page);
  return ['/api/contractors/search', params];
}

// ---- Browse page: every filter lives in the address, so a shared link restores the view.

export type BrowseSort = 'rating' | 'name' | 'reviews' | 'location';
export interface BrowseState {
  /** Canonical service slugs. */
  services: string[];
  /** Town slug, '' for all. */
  location: string;
  sort: BrowseSort;
  view: ViewMode;
  ratings: number[];
  page: number;
}
export const BROWSE_PAGE_SIZE = 12;
const BROWSE_SORTS: BrowseSort[] = ['rating', 'name', 'reviews', 'location'];

export function readBrowseState(search: URLSearchParams, region: Region): BrowseState {
  const services = [...new Set(listParam(search, 'service').flatMap((v) => resolveService(v, region) ?? []))];
  const sort = search.get('sort') as BrowseSort;
  return {
    services,
    location: resolveTown(search.get('location') ?? '', region) ?? '',
    sort: BROWSE_SORTS.includes(sort) ? sort : 'rating',
    view: readView(search),
    ratings: readRatings(search),
    page: readPage(search),
  };
}

/** The address parameters of a browse state, leaving out defaults. */
export function browseParams(s: BrowseState): URLSearchParams {
  const p = new URLSearchParams();
  if (s.services.length) p.set('service', s.services.join(','));
  if (s.location) p.set('location', s.location);
  if (s.sort !== 'rating') p.set('sort', s.sort);
  if (s.view !== 'grid') p.set('view', s.view);
  if (s.ratings.length) p.set('rating', [...s.ratings].sort((a, b) => b - a).join(','));
  if (s.page > 1) p.set('page', String(s.page));
  return p;
}

export const browseHref = (s: BrowseState) => withQuery('/browse', browseParams(s));

export function browseKey(s: BrowseState): ApiKey {
  const params: Record<string, string> = { pageSize: String(BROWSE_PAGE_SIZE) };
  if (s.services.length) params.service = s.services.join(',');
  if (s.location) params.location = s.location;
  if (s.sort !== 'rating') params.sort = s.sort;
  const min = effectiveMinRating(s.ratings);
  if (min) params.minRating = String(min);
  if (s.page > 1) params.page = String(s.page);
  return ['/api/contractors', params];
}

// ---- Hooks

export function useContractorPage(key: ApiKey) {
  return useQuery<ContractorPage>({ queryKey: key, placeholderData: keepPreviousData });
}
