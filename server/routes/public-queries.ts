import type { QueryRoute } from '../http/query-routes';
import { blogQueries } from '../content/routes/blog-queries';
import { directoryQueries } from '../contractors/routes/directory-queries';
import { legalPageQueries } from '../content/routes/legal-pages';
import { pricingQueries } from '../leads/routes/pricing-queries';
import { routingQueries } from '../leads/routes/routing-queries';
import { requestQueries } from '../leads/routes/requests';
import { reviewQueries } from '../reviews/routes/review-queries';
import { siteFigureQueries } from '../counties/routes/site-figures';

/** Public GETs, served as API routes and answered in-process for server rendering. */
export const publicQueries: QueryRoute[] = [
  ...directoryQueries,
  ...blogQueries,
  ...pricingQueries,
  ...routingQueries,
  ...requestQueries,
  ...reviewQueries,
  ...legalPageQueries,
  ...siteFigureQueries,
];
