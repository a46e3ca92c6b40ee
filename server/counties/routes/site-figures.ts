import { z } from 'zod';
import { defineQuery, type QueryRoute } from '../../http/query-routes';
import { siteFigures } from '../site-figures';

/**
 * GET /api/region/figures: the figures a county's home page shows of its own directory
 * (docs/decisions/0133-launch-figures-and-honest-home.md), a public query so the server renders
 * the home page with them and the browser hydrates with the same answer.
 */
export const siteFigureQueries: QueryRoute[] = [
  defineQuery('/api/region/figures', z.object({}), (_input, ctx, freshness, county) =>
    siteFigures(ctx, county, freshness),
  ),
];
