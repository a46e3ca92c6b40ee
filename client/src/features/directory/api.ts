import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ALL } from '@shared/region';
import type { ContractorPage, ContractorProfile } from '@shared/schemas/directory';
import { resolveService, resolveTown } from '@shared/taxonomy';
import type { ApiKey } from '@/lib/api';
import type { ViewMode } from './components/ContractorCard';
import { effectiveMinRating, RATING_CHOICES } from './rating';

/**
 * Query keys are built from the address by these functions only, so the server renders a page
 * with exactly the data the browser then asks for.
 */

export const FEATURED_COUNT = 6;
export const featuredKey: ApiKey = ['/api/contractors', { sort: 'featured', pageSize: String(FEATURED_COUNT) }];

export const contractorKey = (id: string): ApiKey => [`/api/contractors/${encodeURIComponent(id)}`];

const present = (v: string | null) => (v && v !== ALL ? v : '');

// ---- Search page: service and location come from the address; the rest is on-screen state.

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

export function readSearchCriteria(search: URLSearchParams): SearchCriteria {
  return { service: present(search.get('service')), location: present(search.get('location')) };
}

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

export function readBrowseState(search: URLSearchParams): BrowseState {
  const services = [...new Set((search.get('service') ?? '').split(',').flatMap((v) => resolveService(v) ?? []))];
  const sort = search.get('sort') as BrowseSort;
  const page = Number.parseInt(search.get('page') ?? '1', 10);
  return {
    services,
    location: resolveTown(search.get('location') ?? '') ?? '',
    sort: BROWSE_SORTS.includes(sort) ? sort : 'rating',
    view: search.get('view') === 'list' ? 'list' : 'grid',
    ratings: (search.get('rating') ?? '')
      .split(',')
      .map(Number)
      .filter((r): r is (typeof RATING_CHOICES)[number] => (RATING_CHOICES as readonly number[]).includes(r)),
    page: Number.isFinite(page) && page > 0 ? page : 1,
  };
}

/** The address for a browse state, leaving out defaults. */
export function browseHref(s: BrowseState): string {
  const p = new URLSearchParams();
  if (s.services.length) p.set('service', s.services.join(','));
  if (s.location) p.set('location', s.location);
  if (s.sort !== 'rating') p.set('sort', s.sort);
  if (s.view !== 'grid') p.set('view', s.view);
  if (s.ratings.length) p.set('rating', [...s.ratings].sort((a, b) => b - a).join(','));
  if (s.page > 1) p.set('page', String(s.page));
  const qs = p.toString();
  return qs ? `/browse?${qs}` : '/browse';
}

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

export function useContractor(id: string) {
  return useQuery<ContractorProfile>({ queryKey: contractorKey(id) });
}
