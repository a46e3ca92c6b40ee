import type { ApiKey } from '@/lib/api';

/** The public lead price table (docs/decisions/0062-lead-prices-in-the-open.md); its own module, as the route table imports it into every page's bundle. */
export const leadPricesKey: ApiKey = ['/api/lead-prices'];
