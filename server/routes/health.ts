import { Router } from 'express';
import type { AppContext } from '../context';
import { asyncHandler } from '../http/async-handler';

export function healthRoutes(ctx: AppContext): Router {
  const router = Router();
  router.get(
    '/health',
    asyncHandler(async (_req, res) => {
      try {
        await ctx.database.ping();
        res.json({ status: 'ok', database: ctx.database.driver });
      } catch {
        res.status(503).json({ message: 'The database is not reachable', status: 'unavailable' });
      }
    }),
  );
  return router;
}
