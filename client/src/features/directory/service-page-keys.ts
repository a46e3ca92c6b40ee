import type { ApiKey } from '@/lib/api';

/**
 * The service pages' query keys, built from the address (docs/decisions/0030-service-pages.md).
 * Apart from the rest of service-pages.ts because the route table needs them: this much goes into
 * every page's JavaScript, the rest only into the pages that show service pages or link to them.
 */

export const serviceCoverageKey: ApiKey = ['/api/service-pages'];

export function servicePageKey(service: string, town: string | null, page: number): ApiKey {
  const path = `/api/service-pages/${encodeURIComponent(service)}${town ? `/${encodeURIComponent(town)}` : ''}`;
  return page > 1 ? [path, { page: String(page) }] : [path];
}

/** The page number in a service page's address; anything else is page 1. */
export function readServicePageNumber(search: URLSearchParams): number {
  const page = Number.parseInt(search.get('page') ?? '1', 10);
  return Number.isFinite(page) && page > 0 && page <= 10_000 ? page : 1;
}
