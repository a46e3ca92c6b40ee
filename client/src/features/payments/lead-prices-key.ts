import type { ApiKey } from '@/lib/api';

/** The public lead price table (docs/decisions.md §11); its own module, as the route table imports it into every page's bundle. */
export const leadPricesKey: ApiKey = ['/api/lead-prices'];
