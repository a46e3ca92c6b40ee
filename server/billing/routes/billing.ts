import { Router } from 'express';
import type { AppContext } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { contractorIdOf, requireActiveContractor } from '../../http/auth';
import { countyOf } from '../../http/county-site';
import { siteUrlOfCounty } from '../../counties/region-of';
import { billingEntryIdSchema } from '@shared/schemas/billing';
import { parseInput } from '../../http/validate';
import { billingHistory, billingReceipt, providerReceiptUrl } from '../billing-history';
import { openBillingPortal } from '../billing-portal';
import { providerError } from '../provider-errors';

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

  router.get(
    '/contractor/payments',
    requireContractor,
    asyncHandler(async (req, res) => {
      res.json(await billingHistory(ctx, contractorIdOf(req)));
    }),
  );

  // Our printable receipt's content (the demo provider, credits, payments made outside the site).
  router.get(
    '/contractor/payments/:entryId',
    requireContractor,
    asyncHandler(async (req, res) => {
      const { entryId } = parseInput(billingEntryIdSchema, req.params, 'Unknown payment');
      res.json(await billingReceipt(ctx, contractorIdOf(req), entryId));
    }),
  );

  // The provider's own receipt when it has one (Stripe's receipt_url or the invoice's page), else ours.
  router.get(
    '/contractor/payments/:entryId/receipt',
    requireContractor,
    asyncHandler(async (req, res) => {
      const { entryId } = parseInput(billingEntryIdSchema, req.params, 'Unknown payment');
      const url = await providerReceiptUrl(ctx, contractorIdOf(req), entryId).catch((err: unknown) => {
        throw providerError(ctx, err, 'Receipt not found');
      });
      res.redirect(303, url ?? `/contractor/receipts/${entryId}`);
    }),
  );
  return router;
}
