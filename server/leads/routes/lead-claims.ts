import { Router } from 'express';
import { idParamSchema } from '@shared/schemas/admin';
import {
  approveClaimSchema,
  claimListQuerySchema,
  denyClaimSchema,
  leadClaimSchema,
} from '@shared/schemas/lead-claims';
import { deliveryIdParamSchema } from '@shared/schemas/portal';
import type { AppContext } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { adminOf, contractorIdOf, requireContractor, requireAdmin } from '../../http/auth';
import { adminListRoute } from '../../http/admin-list';
import { parseInput, parseQuery } from '../../http/validate';
import { createClaim, decideClaim, getClaim, listClaims } from '../lead-claims';

/** The lead guarantee (docs/decisions/0046-lead-guarantee.md): a contractor's claim on a bad lead and the administrator's decision. Guards sit on each route. */
export function leadClaimRoutes(ctx: AppContext): Router {
  const router = Router();
  const claimIdOf = (params: unknown) => parseInput(idParamSchema, params, 'Invalid claim id').id;

  router.post(
    '/contractor/leads/:deliveryId/claim',
    requireContractor(ctx),
    asyncHandler(async (req, res) => {
      const { deliveryId } = parseInput(deliveryIdParamSchema, req.params);
      const claim = parseInput(leadClaimSchema, req.body ?? {});
      res.status(201).json(await createClaim(ctx, contractorIdOf(req), deliveryId, claim));
    }),
  );

  router.get(
    '/admin/lead-claims',
    ...adminListRoute(ctx, (req) => parseQuery(claimListQuerySchema, req.query), listClaims),
  );

  router.get(
    '/admin/lead-claims/:id',
    requireAdmin(ctx, { owns: 'claim' }),
    asyncHandler(async (req, res) => {
      res.json(await getClaim(ctx, claimIdOf(req.params)));
    }),
  );

  router.post(
    '/admin/lead-claims/:id/approve',
    requireAdmin(ctx, { owns: 'claim' }),
    asyncHandler(async (req, res) => {
      const id = claimIdOf(req.params);
      const { note } = parseInput(approveClaimSchema, req.body ?? {});
      res.json(await decideClaim(ctx, adminOf(req), id, 'approved', note));
    }),
  );

  router.post(
    '/admin/lead-claims/:id/deny',
    requireAdmin(ctx, { owns: 'claim' }),
    asyncHandler(async (req, res) => {
      const id = claimIdOf(req.params);
      const { note } = parseInput(denyClaimSchema, req.body ?? {});
      res.json(await decideClaim(ctx, adminOf(req), id, 'denied', note));
    }),
  );
  return router;
}
