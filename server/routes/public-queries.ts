import type { QueryRoute } from '../http/query-routes';
import { blogQueries } from './blog-queries';
import { directoryQueries } from './directory-queries';
import { legalPageQueries } from './legal-pages';
import { pricingQueries } from './pricing-queries';
import { reviewQueries } from './review-queries';

/** Public GETs, served as API routes and answered in-process for server rendering. */
export const publicQueries: QueryRoute[] = [...directoryQueries, ...blogQueries, ...pricingQueries, ...reviewQueries, ...legalPageQueries];
