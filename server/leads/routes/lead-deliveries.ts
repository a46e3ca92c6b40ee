import { Router } from 'express';
import { idParamSchema } from '@shared/schemas/admin';
import { deliverySchema } from '@shared/schemas/deliveries';
import type { AppContext } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { adminScopeOf, requireAdmin } from '../../http/auth';
import { parseInput } from '../../http/validate';
import { cancelDelivery } from '../delivery-cancellation';
import { deliverLead, listContractorDeliveries, markDeliveryPaid } from '../deliveries';

/** Lead delivery for the administrator (docs/decisions/0003-leads-and-deliveries.md). The guard sits on each route so it never reaches routers mounted after this one. */
export function leadDeliveryRoutes(ctx: AppContext): Router {
  const router = Router();

  router.post(
    '/lead-deliveries',
    requireAdmin(ctx),
    asyncHandler(async (req, res) => {
      res.status(201).json(await deliverLead(ctx, adminScopeOf(req), parseInput(deliverySchema, req.body)));
    }),
  );

  router.get(
    '/contractors/:id/lead-deliveries',
    requireAdmin(ctx, { owns: 'contractor' }),
    asyncHandler(async (req, res) => {
      const { id } = parseInput(idParamSchema, req.params, 'Invalid contractor id');
      res.json(await listContractorDeliveries(ctx, adminScopeOf(req), id));
    }),
  );

  // Takes a delivery back; what was paid is refunded (docs/decisions/0049-cancelled-deliveries.md).
  router.post(
    '/lead-deliveries/:id/cancel',
    requireAdmin(ctx, { owns: 'delivery' }),
    asyncHandler(async (req, res) => {
      const { id } = parseInput(idParamSchema, req.params, 'Invalid delivery id');
      res.json(await cancelDelivery(ctx, id));
    }),
  );

  router.post(
    '/lead-deliveries/:id/pay',
    requireAdmin(ctx, { owns: 'delivery' }),
    asyncHandler(async (req, res) => {
      const { id } = parseInput(idParamSchema, req.params, 'Invalid delivery id');
      res.json(await markDeliveryPaid(ctx, id));
    }),
  );
  return router;
}
