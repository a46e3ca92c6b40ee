import { Router } from 'express';
import { z } from 'zod';
import { demoBillingChangeSchema } from '@shared/schemas/billing';
import { demoOutcomeSchema } from '@shared/schemas/payments';
import type { AppContext } from '../../context';
import { contractorIdOf, forAnyone, requireContractor } from '../../http/auth';
import { asyncHandler } from '../../http/async-handler';
import { notFound } from '../../domain/errors';
import { rateLimit } from '../../http/rate-limit';
import { parseInput } from '../../http/validate';
import { isDemoProvider } from '../../integrations/payments/demo';
import { changeDemoBilling, readDemoBilling } from '../demo-billing';
import { completeDemoCheckout, confirmDemoPayment } from '../demo-payments';

const intentParam = z.object({ id: z.string().regex(/^demo_pi_[0-9a-f]{1,64}$/) });
const sessionParam = z.object({ sessionId: z.string().regex(/^demo_cs_[0-9a-f]{1,64}$/) });
const billingParam = z.object({ sessionId: z.string().regex(/^demo_bps_[0-9a-f]{1,64}$/) });

/** A path's demo id that is not of its kind names nothing the demo made: not found, like an unknown one. */
function demoIdOf<K extends string>(
  schema: z.ZodType<Record<K, string>>,
  key: K,
  params: unknown,
  what: string,
): string {
  const parsed = schema.safeParse(params);
  if (!parsed.success) throw notFound(`${what} not found`);
  return parsed.data[key];
}

/** The demo provider's own card form and checkout page answers (only while it is the provider). */
export function demoPaymentRoutes(ctx: AppContext): Router {
  const router = Router();
  const demo = ctx.payments;
  if (!isDemoProvider(demo)) return router;
  const limit = rateLimit({
    max: 60,
    windowMs: 60_000,
    message: 'Too many payment requests from your network. Please try again in a minute.',
    enabled: ctx.env.RATE_LIMIT !== false,
  });

  router.post(
    '/demo-payments/:id/confirm',
    forAnyone,
    limit,
    asyncHandler(async (req, res) => {
      const id = demoIdOf(intentParam, 'id', req.params, 'Payment');
      const { outcome } = parseInput(demoOutcomeSchema, req.body);
      res.json(await confirmDemoPayment(ctx, demo, id, outcome));
    }),
  );

  router.post(
    '/demo-payments/checkout/:sessionId/complete',
    forAnyone,
    limit,
    asyncHandler(async (req, res) => {
      res.json(
        await completeDemoCheckout(ctx, demo, demoIdOf(sessionParam, 'sessionId', req.params, 'Checkout session')),
      );
    }),
  );

  // The demo's stand-in for Stripe's customer portal (docs/decisions/0113-self-service-billing.md): the signed-in contractor's own session only.
  const billingSession = (params: unknown) => demoIdOf(billingParam, 'sessionId', params, 'Billing session');
  router.get(
    '/demo-payments/billing/:sessionId',
    requireContractor(ctx),
    asyncHandler(async (req, res) => {
      res.json(await readDemoBilling(ctx, demo, contractorIdOf(req), billingSession(req.params)));
    }),
  );
  router.post(
    '/demo-payments/billing/:sessionId',
    requireContractor(ctx),
    limit,
    asyncHandler(async (req, res) => {
      const sessionId = billingSession(req.params);
      res.json(
        await changeDemoBilling(
          ctx,
          demo,
          contractorIdOf(req),
          sessionId,
          parseInput(demoBillingChangeSchema, req.body),
        ),
      );
    }),
  );
  return router;
}
