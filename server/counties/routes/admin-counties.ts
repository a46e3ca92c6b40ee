import { Router } from 'express';
import { idParamSchema } from '@shared/schemas/admin';
import { addCountySchema } from '@shared/schemas/region';
import type { AppContext } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { requireAdmin } from '../../http/auth';
import { parseInput } from '../../http/validate';
import { addCounty, adminCounty, listCountiesWithLaunch, setCountyLeadDelivery } from '../counties';
import { countyLeadDeliverySchema } from '@shared/schemas/lead-routing';

/**
 * The deployment's counties (docs/decisions/0098-counties-are-data.md): the administrator lists
 * them, each with its launch figures (docs/decisions/0133-launch-figures-and-honest-home.md), and
 * adds a Pennsylvania county from the bundled dataset, as `npm run region:add` does.
 */
export function adminCountyRoutes(ctx: AppContext): Router {
  const router = Router();
  router.get(
    '/admin/counties',
    requireAdmin(ctx, { platform: true }),
    asyncHandler(async (_req, res) => {
      res.json({ counties: await listCountiesWithLaunch(ctx) });
    }),
  );
  // One county's towns and services, for the forms that name them (a location pricing rule's town):
  // every administrator, for its own counties (docs/decisions/0107-pricing-per-county.md).
  router.get(
    '/admin/counties/:id',
    requireAdmin(ctx, { owns: 'county' }),
    asyncHandler(async (req, res) => {
      const { id } = parseInput(idParamSchema, req.params, 'Invalid county id');
      res.json(await adminCounty(ctx, id));
    }),
  );
  router.post(
    '/admin/counties',
    requireAdmin(ctx, { platform: true }),
    asyncHandler(async (req, res) => {
      const { county } = parseInput(addCountySchema, req.body, 'Please fix the errors below');
      res.status(201).json(await addCounty(ctx, county));
    }),
  );
  // Automatic or manual delivery, and the hours before an unpaid lead is released (docs/decisions/0117-lead-routing.md).
  router.put(
    '/admin/counties/:id/lead-delivery',
    requireAdmin(ctx, { platform: true }),
    asyncHandler(async (req, res) => {
      const { id } = parseInput(idParamSchema, req.params, 'Invalid county id');
      res.json(
        await setCountyLeadDelivery(
          ctx,
          id,
          parseInput(countyLeadDeliverySchema, req.body, 'Please fix the errors below'),
        ),
      );
    }),
  );
  return router;
}
