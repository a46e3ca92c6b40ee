import { Router } from 'express';
import { leadPreferencesSchema } from '@shared/schemas/lead-preferences';
import type { AppContext } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { contractorIdOf, requireContractor } from '../../http/auth';
import { parseInput } from '../../http/validate';
import { getLeadPreferences, saveLeadPreferences } from '../lead-preferences';

/** The portal's "Lead preferences" panel (docs/decisions/0117-lead-routing.md): the contractor's own business, saved without review. */
export function leadPreferenceRoutes(ctx: AppContext): Router {
  const router = Router();
  router.get(
    '/contractor/lead-preferences',
    requireContractor(ctx),
    asyncHandler(async (req, res) => {
      res.json(await getLeadPreferences(ctx, contractorIdOf(req)));
    }),
  );
  router.put(
    '/contractor/lead-preferences',
    requireContractor(ctx),
    asyncHandler(async (req, res) => {
      res.json(
        await saveLeadPreferences(
          ctx,
          contractorIdOf(req),
          parseInput(leadPreferencesSchema, req.body, 'Please fix the errors below'),
        ),
      );
    }),
  );
  return router;
}
