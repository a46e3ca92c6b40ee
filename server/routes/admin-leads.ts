import { Router } from 'express';
import { adminLeadQuerySchema } from '@shared/schemas/admin-leads';
import type { AppContext } from '../context';
import { asyncHandler } from '../http/async-handler';
import { adminScopeOf, requireAdmin } from '../http/auth';
import { parseInput } from '../http/validate';
import { adminStats, listAdminLeads } from '../services/admin-leads';

/** The admin lead table and dashboard cards. The guard sits on each route so it never reaches routers mounted after this one. */
export function adminLeadRoutes(ctx: AppContext): Router {
  const router = Router();

  router.get(
    '/leads',
    requireAdmin(ctx),
    asyncHandler(async (req, res) => {
      res.json(await listAdminLeads(ctx, adminScopeOf(req), parseInput(adminLeadQuerySchema, req.query, 'Invalid query parameters')));
    }),
  );

  router.get(
    '/admin/stats',
    requireAdmin(ctx),
    asyncHandler(async (req, res) => {
      res.json(await adminStats(ctx, adminScopeOf(req)));
    }),
  );
  return router;
}
