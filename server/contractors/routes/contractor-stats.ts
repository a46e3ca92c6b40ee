import { Router } from 'express';
import { idParamSchema } from '@shared/schemas/admin';
import type { AppContext } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { contractorIdOf, requireActiveContractor, requireAdmin } from '../../http/auth';
import { parseInput } from '../../http/validate';
import { contractorStats } from '../contractor-stats';

/** A contractor's figures for the last 12 months (docs/decisions/0061-contractor-stats.md): its own in the portal, any one's for the admin. */
export function contractorStatsRoutes(ctx: AppContext): Router {
  const router = Router();
  router.get(
    '/contractor/stats',
    requireActiveContractor(ctx),
    asyncHandler(async (req, res) => {
      res.json(await contractorStats(ctx, contractorIdOf(req)));
    }),
  );
  router.get(
    '/admin/contractors/:id/stats',
    requireAdmin(ctx, { owns: 'contractor' }),
    asyncHandler(async (req, res) => {
      const { id } = parseInput(idParamSchema, req.params, 'Invalid contractor id');
      res.json(await contractorStats(ctx, id));
    }),
  );
  return router;
}
