import { Router } from 'express';
import { region } from '@shared/region';
import type { AppContext } from '../context';
import { forAnyone } from '../http/auth';
import { asyncHandler } from '../http/async-handler';
import { countyAnswer } from '../services/regions';

/**
 * GET /api/region: the county this site serves, its towns and services
 * (docs/decisions/0098-counties-are-data.md). Every host is the default county's site until
 * counties have hosts of their own.
 */
export function regionRoutes(ctx: AppContext): Router {
  const router = Router();
  router.get(
    '/region',
    forAnyone,
    asyncHandler(async (_req, res) => {
      res.set('Cache-Control', 'no-cache').json(await countyAnswer(ctx, region.slug));
    }),
  );
  return router;
}
