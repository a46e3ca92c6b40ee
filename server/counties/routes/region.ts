import { Router } from 'express';
import type { AppContext } from '../../context';
import { forAnyone } from '../../http/auth';
import { asyncHandler } from '../../http/async-handler';
import { countyOf } from '../../http/county-site';
import { countyAnswer } from '../counties';

/**
 * GET /api/region: the county whose site the request's host is, its towns and services
 * (docs/decisions/0098-counties-are-data.md, 0099-county-by-host.md).
 */
export function regionRoutes(ctx: AppContext): Router {
  const router = Router();
  router.get(
    '/region',
    forAnyone,
    asyncHandler(async (_req, res) => {
      res.set('Cache-Control', 'no-cache').json(await countyAnswer(ctx, countyOf(res)));
    }),
  );
  return router;
}
