import { Router } from 'express';
import { deliveryIdParamSchema, leadStatusUpdateSchema } from '@shared/schemas/portal';
import type { AppContext } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { contractorIdOf, requireContractor } from '../../http/auth';
import { parseInput } from '../../http/validate';
import { getPortalProfile, getPortalSubscription, listPortalLeads, updatePortalLeadStatus } from '../portal';
import { declineLead } from '../routing/release-unpaid';
import { answerLead } from '../requests/contractor-replies';
import { leadReplySchema } from '@shared/schemas/lead-replies';

/** The contractor portal's API: only the signed-in contractor's own data. */
export function portalRoutes(ctx: AppContext): Router {
  const router = Router();
  router.get(
    '/contractor/profile',
    requireContractor(ctx),
    asyncHandler(async (req, res) => {
      res.json(await getPortalProfile(ctx, contractorIdOf(req)));
    }),
  );
  router.get(
    '/contractor/subscription',
    requireContractor(ctx),
    asyncHandler(async (req, res) => {
      res.json(await getPortalSubscription(ctx, contractorIdOf(req)));
    }),
  );
  router.get(
    '/contractor/leads',
    requireContractor(ctx),
    asyncHandler(async (req, res) => {
      res.json(await listPortalLeads(ctx, contractorIdOf(req)));
    }),
  );
  router.patch(
    '/contractor/leads/:deliveryId/status',
    requireContractor(ctx),
    asyncHandler(async (req, res) => {
      const { deliveryId } = parseInput(deliveryIdParamSchema, req.params);
      const { status } = parseInput(leadStatusUpdateSchema, req.body);
      res.json(await updatePortalLeadStatus(ctx, contractorIdOf(req), deliveryId, status));
    }),
  );
  // A lead it cannot take, before paying: released, nothing charged, the homeowner offered others (docs/decisions/0117-lead-routing.md).
  router.post(
    '/contractor/leads/:deliveryId/decline',
    requireContractor(ctx),
    asyncHandler(async (req, res) => {
      const { deliveryId } = parseInput(deliveryIdParamSchema, req.params);
      await declineLead(ctx, contractorIdOf(req), deliveryId);
      res.status(204).end();
    }),
  );
  // Answering the homeowner (docs/decisions/0128-request-page-and-replies.md): a written reply, emailed to them, or a call mark.
  router.post(
    '/contractor/leads/:deliveryId/replies',
    requireContractor(ctx),
    asyncHandler(async (req, res) => {
      const { deliveryId } = parseInput(deliveryIdParamSchema, req.params);
      const reply = parseInput(leadReplySchema, req.body);
      res.status(201).json(await answerLead(ctx, contractorIdOf(req), deliveryId, reply));
    }),
  );
  router.post(
    '/contractor/leads/:deliveryId/called',
    requireContractor(ctx),
    asyncHandler(async (req, res) => {
      const { deliveryId } = parseInput(deliveryIdParamSchema, req.params);
      res.status(201).json(await answerLead(ctx, contractorIdOf(req), deliveryId, 'called'));
    }),
  );
  return router;
}
