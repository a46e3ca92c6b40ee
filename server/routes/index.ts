import { Router } from 'express';
import type { AppContext } from '../context';
import type { AnswerCache } from '../http/answer-cache';
import { adminLeadRoutes } from '../leads/routes/admin-leads';
import { leadDeliveryRoutes } from '../leads/routes/lead-deliveries';
import type { SealingKey } from '../accounts/totp';
import { adminAccountRoutes } from '../accounts/routes/admin-account';
import { adminAuthRoutes } from '../accounts/routes/admin-auth';
import { adminBillingRoutes } from '../billing/routes/admin-billing';
import { adminTwoFactorRoutes } from '../accounts/routes/admin-two-factor';
import { importRoutes } from '../contractors/routes/contractor-imports';
import { listingClaimRoutes } from '../contractors/routes/listing-claims';
import { routeClaimedListing } from '../leads/routing/claimed-listing';
import { adminContractorRoutes } from '../contractors/routes/admin-contractors';
import { adminCountyRoutes } from '../counties/routes/admin-counties';
import { adminOutboxRoutes } from '../notifications/routes/admin-outbox';
import { adminUserRoutes } from '../accounts/routes/admin-users';
import { billingRoutes } from '../billing/routes/billing';
import { contractorAccountRoutes } from '../accounts/routes/contractor-account';
import { contractorAuthRoutes } from '../contractors/routes/contractor-auth';
import { contractorStatsRoutes } from '../contractors/routes/contractor-stats';
import { credentialRoutes } from '../contractors/routes/credentials';
import { demoPaymentRoutes } from '../billing/routes/demo-payments';
import { leadClaimRoutes } from '../leads/routes/lead-claims';
import { leadRoutes } from '../leads/routes/leads';
import { legalPageRoutes } from '../content/routes/legal-pages';
import { listingChangeRoutes } from '../contractors/routes/listing-changes';
import { newsletterRoutes } from '../content/routes/newsletter';
import { paymentRoutes } from '../billing/routes/payments';
import { photoRoutes } from '../contractors/routes/photos';
import { portalRoutes } from '../leads/routes/portal';
import { pricingRuleRoutes } from '../leads/routes/pricing-rules';
import { regionRoutes } from '../counties/routes/region';
import { reviewRoutes } from '../reviews/routes/reviews';
import { submissionRoutes } from '../contractors/routes/submissions';
import { testClockRoutes } from './test-clock';
import { alternativeRoutes } from '../leads/routes/alternatives';
import { requestRoutes } from '../leads/routes/requests';
import { leadPreferenceRoutes } from '../contractors/routes/lead-preferences';

/** Every API router, mounted under /api after the JSON body parser and the session; `answers` keeps the bodies of answers that are kept. */
export function apiRoutes(ctx: AppContext, key: SealingKey, answers: AnswerCache): Router {
  const router = Router();
  // The first router with a route for the path answers it, so the order stays.
  router.use([
    leadRoutes(ctx),
    submissionRoutes(ctx),
    newsletterRoutes(ctx),
    adminAuthRoutes(ctx, key),
    adminTwoFactorRoutes(ctx, key),
    adminContractorRoutes(ctx),
    importRoutes(ctx),
    // A claimed listing's held requests go on to their new owner (docs/decisions/0131-listing-claims.md).
    listingClaimRoutes(ctx, routeClaimedListing),
    adminOutboxRoutes(ctx),
    adminCountyRoutes(ctx),
    adminUserRoutes(ctx),
    contractorAuthRoutes(ctx),
    contractorAccountRoutes(ctx),
    adminLeadRoutes(ctx, answers),
    leadDeliveryRoutes(ctx),
    pricingRuleRoutes(ctx),
    portalRoutes(ctx),
    leadPreferenceRoutes(ctx),
    alternativeRoutes(ctx),
    requestRoutes(ctx),
    photoRoutes(ctx),
    listingChangeRoutes(ctx),
    contractorStatsRoutes(ctx),
    leadClaimRoutes(ctx),
    credentialRoutes(ctx),
    paymentRoutes(ctx),
    demoPaymentRoutes(ctx),
    billingRoutes(ctx),
    adminBillingRoutes(ctx),
    reviewRoutes(ctx),
    regionRoutes(ctx),
    legalPageRoutes(ctx),
    adminAccountRoutes(ctx),
  ]);
  // Browser tests move the clock for expiry dates (docs/decisions/0090-how-tests-run.md); no other server has these routes.
  if (ctx.env.NODE_ENV === 'test') router.use(testClockRoutes(ctx));
  return router;
}
