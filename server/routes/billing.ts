import { Router } from 'express';
import type { AppContext } from '../context';
import { asyncHandler } from '../http/async-handler';
import { contractorIdOf, requireActiveContractor } from '../http/auth';
import { countyOf } from '../http/county-site';
import { siteUrlOfCounty } from '../regions/region-of';
import { openBillingPortal } from '../services/billing-portal';

/** The contractor's own billing (docs/decisions/0113-self-service-billing.md): the provider's customer portal, payment history and receipts. */
export function billingRoutes(ctx: AppContext): Router {
  const router = Router();
  const requireContractor = requireActiveContractor(ctx);

  router.post(
    '/contractor/billing-portal',
    requireContractor,
    asyncHandler(async (req, res) => {
      res.json(await openBillingPortal(ctx, contractorIdOf(req), await siteUrlOfCounty(ctx, countyOf(res))));
    }),
  );
  return router;
}
