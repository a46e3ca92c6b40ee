import type { SiteFigures } from '@shared/schemas/region';
import type { ServiceCoverage } from '@shared/schemas/service-pages';
import type { ApiKey } from '@/lib/api';

/**
 * A render's data source for tests of pages that list contractors: the directory answers come
 * from the test, and the service-page coverage that the home, search and profile pages link from
 * (docs/decisions/0030-service-pages.md) is empty, so those pages render no links, as are the home
 * page's figures (docs/decisions/0133-launch-figures-and-honest-home.md), so its stats band says
 * only 'Free Quotes Available'; the test sees only its own reads.
 */
export function directoryData(answer: (key: ApiKey) => Promise<unknown>) {
  const keys: ApiKey[] = [];
  // One frozen object, as the read model hands out while its data is unchanged.
  const coverage: ServiceCoverage = Object.freeze({
    services: Object.freeze([]) as unknown as ServiceCoverage['services'],
  });
  const figures: SiteFigures = Object.freeze({});
  const resolve = async (key: ApiKey): Promise<unknown> => {
    if (key[0] === '/api/service-pages') return coverage;
    if (key[0] === '/api/region/figures') return figures;
    keys.push(key);
    return answer(key);
  };
  return { resolve, keys };
}
