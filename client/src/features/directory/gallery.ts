import { useQuery } from '@tanstack/react-query';
import { ALL } from '@shared/all-choice';
import type { Region } from '@shared/region';
import type { GalleryPage } from '@shared/schemas/gallery';
import type { ApiKey } from '@/lib/api';

/** The gallery's filters as its address holds them (docs/decisions/0112-photos-on-the-public-site.md): a service and a town of the county, or none. */
export interface GalleryFilters {
  service: string | null;
  town: string | null;
  page: number;
}

/** The filters of /gallery's address; a value the county does not have, or 'all', is no filter. */
export function readGalleryFilters(
  search: URLSearchParams,
  region: Pick<Region, 'services' | 'towns'>,
): GalleryFilters {
  const service = search.get('service');
  const town = search.get('town');
  const page = Number.parseInt(search.get('page') ?? '1', 10);
  return {
    service: service && service !== ALL && region.services.some((s) => s.slug === service) ? service : null,
    town: town && town !== ALL && region.towns.some((t) => t.slug === town) ? town : null,
    page: Number.isFinite(page) && page > 0 && page <= 1_000 ? page : 1,
  };
}

const paramsOf = ({ service, town, page }: GalleryFilters) => ({
  ...(service ? { service } : {}),
  ...(town ? { town } : {}),
  ...(page > 1 ? { page: String(page) } : {}),
});

export function galleryKey(f: GalleryFilters): ApiKey {
  const params = paramsOf(f);
  return Object.keys(params).length ? ['/api/gallery', params] : ['/api/gallery'];
}

export function galleryHref(f: GalleryFilters): string {
  const query = new URLSearchParams(paramsOf(f)).toString();
  return query ? `/gallery?${query}` : '/gallery';
}

export function useGallery(key: ApiKey) {
  return useQuery<GalleryPage>({
    queryKey: key,
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[0] === key[0] ? previous : undefined),
  });
}
