import express, { Router } from 'express';
import type { z } from 'zod';
import {
  createPaymentIntentSchema,
  createSubscriptionSchema,
  paymentSuccessSchema,
  verifySubscriptionSchema,
} from '@shared/schemas/payments';
import type { AppContext } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { contractorIdOf, forAnyone, requireContractor } from '../../http/auth';
import { rateLimit } from '../../http/rate-limit';
import { parseInput } from '../../http/validate';
import { countyOf } from '../../http/county-site';
import { siteUrlOfCounty } from '../../counties/region-of';
import {
  activateFromCheckout,
  confirmLeadPayment,
  handleWebhook,
  startLeadPayment,
  startSubscription,
} from '../payments';

/**
 * Lead purchase and plan subscription (docs/decisions/0007-payment-provider.md). The purchase page is
 * public (a visitor with the link may open it); the amount and every payment state come from the
 * server and the provider, never from the browser.
 */
export function paymentRoutes(ctx: AppContext): Router {
  const router = Router();
  const enabled = ctx.env.RATE_LIMIT !== false;
  const startLimit = rateLimit({
    name: 'payment-start',
    max: 30,
    windowMs: 60_000,
    message: 'Too many payment requests from your network. Please try again in a minute.',
    enabled,
  });
  const confirmLimit = rateLimit({
    name: 'payment-confirm',
    max: 60,
    windowMs: 60_000,
    message: 'Too many payment requests from your network. Please try again in a minute.',
    enabled,
  });

  router.get('/payments/config', forAnyone, (_req, res) => {
    res.json({ provider: ctx.payments.kind, publishableKey: ctx.payments.publishableKey });
  });

  router.post(
    '/stripe/create-payment-intent',
    forAnyone,
    startLimit,
    asyncHandler(async (req, res) => {
      res.json(
        await startLeadPayment(
          ctx,
          parseInput(createPaymentIntentSchema, req.body, 'Lead ID and Contractor ID are required.'),
        ),
      );
    }),
  );

  // Back from the provider's page the browser names what it paid for; the answer is what the provider says of it.
  const confirmRoute = <S extends z.ZodType>(schema: S, confirm: (named: z.output<S>) => Promise<unknown>) => [
    forAnyone,
    confirmLimit,
    asyncHandler(async (req, res) => {
      res.json(await confirm(parseInput(schema, req.body)));
    }),
  ];
  router.post(
    '/stripe/payment-success',
    ...confirmRoute(paymentSuccessSchema, ({ paymentIntentId }) => confirmLeadPayment(ctx, paymentIntentId)),
  );

  router.post(
    '/stripe/create-subscription',
    requireContractor(ctx),
    asyncHandler(async (req, res) => {
      const { planId } = parseInput(createSubscriptionSchema, req.body);
      res.json(await startSubscription(ctx, contractorIdOf(req), planId, await siteUrlOfCounty(ctx, countyOf(res))));
    }),
  );

  router.post(
    '/stripe/verify-subscription',
    ...confirmRoute(verifySubscriptionSchema, ({ sessionId }) => activateFromCheckout(ctx, sessionId)),
  );
  return router;
}

/** The provider's webhook reads the RAW body (the signature covers its bytes): mounted before the JSON parser. */
export function paymentWebhookRoutes(ctx: AppContext): Router {
  const router = Router();
  router.post(
    '/stripe/webhook',
    forAnyone,
    express.raw({ type: '*/*', limit: '1mb' }),
    asyncHandler(async (req, res) => {
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      await handleWebhook(ctx, body, req.get('stripe-signature'));
      res.json({ received: true });
    }),
  );
  return router;
}
