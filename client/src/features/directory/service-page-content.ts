import { useQuery } from '@tanstack/react-query';
import type { Region, Service, Town } from '@shared/region';
import type { ServicePageAnswer } from '@shared/schemas/service-pages';
import type { ApiKey } from '@/lib/api';
import { placeName } from './service-pages';

/** A service page's data, words and structured data (docs/decisions/0030-service-pages.md); only the page itself loads this. */

/** 'Roofing contractors in Laporte, PA' (the H1). */
export const serviceHeading = (service: Service, town: Town | null | undefined, region: Region) =>
  `${service.name} contractors in ${placeName(town, region)}`;

/** '3 listed contractors offer Roofing in Laporte, PA.' */
export function countSentence(count: number, service: Service, town: Town | null | undefined, region: Region): string {
  return `${count} listed ${count === 1 ? 'contractor offers' : 'contractors offer'} ${service.name} in ${placeName(town, region)}.`;
}

/** Paging keeps the page shown until the next one arrives; another service or town does not. */
export function useServicePage(key: ApiKey) {
  return useQuery<ServicePageAnswer>({
    queryKey: key,
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[0] === key[0] ? previous : undefined),
  });
}

/** schema.org ItemList of the businesses listed on this page, numbered across pages. */
export function itemListJsonLd(name: string, answer: ServicePageAnswer, siteUrl: string): object {
  const first = (answer.page - 1) * answer.pageSize;
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name,
    numberOfItems: answer.total,
    itemListOrder: 'https://schema.org/ItemListOrderDescending',
    itemListElement: answer.contractors.map((c, i) => ({
      '@type': 'ListItem',
      position: first + i + 1,
      item: {
        '@type': 'HomeAndConstructionBusiness',
        '@id': `${siteUrl}/contractor/${c.id}`,
        name: c.name,
        url: `${siteUrl}/contractor/${c.id}`,
      },
    })),
  };
}
