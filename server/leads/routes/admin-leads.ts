import { Router } from 'express';
import { adminLeadQuerySchema } from '@shared/schemas/admin-leads';
import type { AppContext } from '../../context';
import type { AnswerCache } from '../../http/answer-cache';
import { asyncHandler } from '../../http/async-handler';
import { adminScopeOf, requireAdmin } from '../../http/auth';
import { adminListRoute } from '../../http/admin-list';
import { sendJson } from '../../http/reused-body';
import { parseInput, parseQuery } from '../../http/validate';
import { idParamSchema } from '@shared/schemas/admin';
import { adminStats, listAdminLeads, listHeldLeads } from '../admin-leads';
import { rejectLead, sendToAlternatives } from '../routing/held-leads';
import { leadThread } from '../requests/request-page';
import { dashboardFigures } from '../dashboard-figures';

/**
 * The admin lead table and dashboard cards. The guard sits on each route so it never reaches
 * routers mounted after this one. A page of the table is kept while its counties are unchanged
 * (server/lead-pages.ts), and so is its JSON and gzip (`answers`).
 */
export function adminLeadRoutes(ctx: AppContext, answers: AnswerCache): Router {
  const router = Router();

  router.get(
    '/leads',
    ...adminListRoute(
      ctx,
      (req) => parseQuery(adminLeadQuerySchema, req.query),
      listAdminLeads,
      (req, res, page) => sendJson(req, res, page, answers.bodies),
    ),
  );

  // What waits for a person (docs/decisions/0117-lead-routing.md): held leads, and the administrator's answers besides delivering.
  router.get(
    '/admin/leads/held',
    requireAdmin(ctx),
    asyncHandler(async (req, res) => {
      res.set('Cache-Control', 'no-store').json({ leads: await listHeldLeads(ctx, adminScopeOf(req)) });
    }),
  );
  router.post(
    '/admin/leads/:id/send-to-alternatives',
    requireAdmin(ctx, { owns: 'lead' }),
    asyncHandler(async (req, res) => {
      const { id } = parseInput(idParamSchema, req.params, 'Invalid lead id');
      await sendToAlternatives(ctx, adminScopeOf(req), id);
      res.status(204).end();
    }),
  );
  router.post(
    '/admin/leads/:id/reject',
    requireAdmin(ctx, { owns: 'lead' }),
    asyncHandler(async (req, res) => {
      const { id } = parseInput(idParamSchema, req.params, 'Invalid lead id');
      await rejectLead(ctx, adminScopeOf(req), id);
      res.status(204).end();
    }),
  );

  // A lead's whole thread (docs/decisions/0128-request-page-and-replies.md): delivery, replies, the homeowner's answers.
  router.get(
    '/admin/leads/:id/thread',
    requireAdmin(ctx, { owns: 'lead' }),
    asyncHandler(async (req, res) => {
      const { id } = parseInput(idParamSchema, req.params, 'Invalid lead id');
      res.set('Cache-Control', 'no-store').json({ events: await leadThread(ctx, id) });
    }),
  );

  router.get(
    '/admin/stats',
    requireAdmin(ctx),
    asyncHandler(async (req, res) => {
      res.json(await adminStats(ctx, adminScopeOf(req)));
    }),
  );
  // The dashboard's charts (docs/decisions/0129-dashboard-charts.md), for the counties in view.
  router.get(
    '/admin/figures',
    requireAdmin(ctx),
    asyncHandler(async (req, res) => {
      res.set('Cache-Control', 'no-store').json(await dashboardFigures(ctx, adminScopeOf(req)));
    }),
  );
  return router;
}
