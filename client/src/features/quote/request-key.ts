import type { ApiKey } from '@/lib/api';

/**
 * A request page's query key (docs/decisions/0128-request-page-and-replies.md), alone in its module:
 * the app's route data names it, and every page's JavaScript carries what it imports.
 */
export const requestKey = (token: string): ApiKey => [`/api/requests/${encodeURIComponent(token)}`];
