import { Router } from 'express';
import type { AppContext } from '../context';
import { adminLeadRoutes } from './admin-leads';
import { leadDeliveryRoutes } from './lead-deliveries';
import { sealingKey } from '../services/totp';
import { adminAuthRoutes } from './admin-auth';
import { adminTwoFactorRoutes } from './admin-two-factor';
import { adminContractorRoutes } from './admin-contractors';
import { adminCountyRoutes } from './admin-counties';
import { adminOutboxRoutes } from './admin-outbox';
import { adminUserRoutes } from './admin-users';
import { contractorAccountRoutes } from './contractor-account';
import { contractorAuthRoutes } from './contractor-auth';
import { contractorStatsRoutes } from './contractor-stats';
import { credentialRoutes } from './credentials';
import { demoPaymentRoutes } from './demo-payments';
import { leadClaimRoutes } from './lead-claims';
import { leadRoutes } from './leads';
import { newsletterRoutes } from './newsletter';
import { paymentRoutes } from './payments';
import { photoRoutes } from './photos';
import { portalRoutes } from './portal';
import { pricingRuleRoutes } from './pricing-rules';
import { regionRoutes } from './region';
import { reviewRoutes } from './reviews';
import { submissionRoutes } from './submissions';
import { testClockRoutes } from './test-clock';

/** Every API router, mounted under /api after the JSON body parser and the session. */
export function apiRoutes(ctx: AppContext, secrets: { sessionSecret: string }): Router {
  const key = sealingKey(secrets.sessionSecret);
  const router = Router();
  router.use(leadRoutes(ctx));
  router.use(submissionRoutes(ctx));
  router.use(newsletterRoutes(ctx));
  router.use(adminAuthRoutes(ctx, key));
  router.use(adminTwoFactorRoutes(ctx, key));
  router.use(adminContractorRoutes(ctx));
  router.use(adminOutboxRoutes(ctx));
  router.use(adminCountyRoutes(ctx));
  router.use(adminUserRoutes(ctx));
  router.use(contractorAuthRoutes(ctx));
  router.use(contractorAccountRoutes(ctx));
  router.use(adminLeadRoutes(ctx));
  router.use(leadDeliveryRoutes(ctx));
  router.use(pricingRuleRoutes(ctx));
  router.use(portalRoutes(ctx));
  router.use(photoRoutes(ctx));
  router.use(contractorStatsRoutes(ctx));
  router.use(leadClaimRoutes(ctx));
  router.use(credentialRoutes(ctx));
  router.use(paymentRoutes(ctx));
  router.use(demoPaymentRoutes(ctx));
  router.use(reviewRoutes(ctx));
  router.use(regionRoutes(ctx));
  // Browser tests move the clock for expiry dates (docs/decisions/0090-how-tests-run.md); no other server has these routes.
  if (ctx.env.NODE_ENV === 'test') router.use(testClockRoutes(ctx));
  return router;
}
