import { useQuery } from '@tanstack/react-query';
import type { Region, Service, Town } from '@shared/region';
import type { ServiceCoverage } from '@shared/schemas/service-pages';
import { serviceBySlug, townBySlug } from '@shared/taxonomy';
import { serviceCoverageKey } from './service-page-keys';

export { readServicePageNumber, serviceCoverageKey, servicePageKey } from './service-page-keys';

/**
 * The service pages (`/contractors/roofing`, `/contractors/roofing/laporte`;
 * docs/decisions/0030-service-pages.md): their addresses and places, and which exist: what the
 * pages that link to them need. The page's own words and structured data are in
 * service-page-content.ts. Each takes the page's county (useRegion(); docs/decisions/0102-region-in-boot-data.md).
 */

export function servicePageHref(service: string, town?: string | null, page = 1): string {
  return `/contractors/${service}${town ? `/${town}` : ''}${page > 1 ? `?page=${page}` : ''}`;
}

/** Where a page is, as its heading says it: 'Laporte, PA', 'Cherry Township, PA', 'Other Townships, Sullivan County, PA', or the county. */
export function placeName(town: Town | null | undefined, region: Region): string {
  if (!town) return region.displayName;
  return town.kind === 'other' ? `${town.name}, ${region.displayName}` : `${town.name}, ${region.state}`;
}

export const serviceOfName = (name: string, region: Region): Service | undefined =>
  region.services.find((s) => s.name === name);
export const townOfName = (name: string, region: Region): Town | undefined => region.towns.find((t) => t.name === name);
export { serviceBySlug, townBySlug };

export function useServiceCoverage() {
  return useQuery<ServiceCoverage>({ queryKey: serviceCoverageKey });
}

/** The services with contractors in a place (a town slug, or null for the county), in taxonomy order. */
export function servicesIn(
  coverage: ServiceCoverage,
  town: string | null,
  region: Region,
): { service: Service; count: number }[] {
  return coverage.services.flatMap((s) => {
    const service = serviceBySlug(s.slug, region);
    const count = town ? s.towns.find((t) => t.slug === town)?.count : s.count;
    return service && count ? [{ service, count }] : [];
  });
}
