import type { ApiKey } from '@/lib/api';

/**
 * The home page's featured contractors: their own file so the home page does not load the
 * directory's address parsing with them (the home page's JavaScript budget, bench:pages).
 */
export const FEATURED_COUNT = 6;
export const featuredKey: ApiKey = ['/api/contractors', { sort: 'featured', pageSize: String(FEATURED_COUNT) }];
