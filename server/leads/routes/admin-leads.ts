import { Router } from 'express';
import { adminLeadQuerySchema } from '@shared/schemas/admin-leads';
import type { AppContext } from '../../context';
import type { AnswerCache } from '../../http/answer-cache';
import { asyncHandler } from '../../http/async-handler';
import { adminScopeOf, requireAdmin } from '../../http/auth';
import { sendJson } from '../../http/reused-body';
import { parseQuery } from '../../http/validate';
import { adminStats, listAdminLeads } from '../admin-leads';

/**
 * The admin lead table and dashboard cards. The guard sits on each route so it never reaches
 * routers mounted after this one. A page of the table is kept while its counties are unchanged
 * (server/lead-pages.ts), and so is its JSON and gzip (`answers`).
 */
export function adminLeadRoutes(ctx: AppContext, answers: AnswerCache): Router {
  const router = Router();

  router.get(
    '/leads',
    requireAdmin(ctx),
    asyncHandler(async (req, res) => {
      await sendJson(req, res, await listAdminLeads(ctx, adminScopeOf(req), parseQuery(adminLeadQuerySchema, req.query)), answers.bodies);
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
