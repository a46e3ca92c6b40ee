import { Router } from 'express';
import { z } from 'zod';
import { demoOutcomeSchema } from '@shared/schemas/payments';
import type { AppContext } from '../context';
import { asyncHandler } from '../http/async-handler';
import { conflict, notFound } from '../http/errors';
import { rateLimit } from '../http/rate-limit';
import { parseInput } from '../http/validate';
import { isDemoProvider } from '../integrations/payments/demo';
import { PaymentProviderError, type WebhookEvent } from '../integrations/payments/provider';
import { processEvent } from '../services/payments';

const intentParam = z.object({ id: z.string().regex(/^demo_pi_[0-9a-f]{1,64}$/) });
const sessionParam = z.object({ sessionId: z.string().regex(/^demo_cs_[0-9a-f]{1,64}$/) });

/**
 * The demo provider's own card form and checkout page answers (only while it is the provider;
 * no card is charged). Like Stripe, each success is then reported to the server as an event
 * (the webhook's path); the pages still confirm through /api/stripe/... as with Stripe.
 */
export function demoPaymentRoutes(ctx: AppContext): Router {
  const router = Router();
  const demo = ctx.payments;
  if (!isDemoProvider(demo)) return router;
  const limit = rateLimit({ max: 60, windowMs: 60_000, message: 'Too many payment requests from your network. Please try again in a minute.', enabled: ctx.env.RATE_LIMIT !== false });

  /** The event a provider would send; a failure here is left for the page's own confirmation. */
  const report = (event: WebhookEvent) =>
    processEvent(ctx, event).catch((err: unknown) => {
      ctx.log.warn('demo payment event failed', { id: event.id, type: event.type, error: err instanceof Error ? err.message : String(err) });
    });

  router.post(
    '/demo-payments/:id/confirm',
    limit,
    asyncHandler(async (req, res) => {
      const params = intentParam.safeParse(req.params);
      if (!params.success) throw notFound('Payment not found');
      const { outcome } = parseInput(demoOutcomeSchema, req.body);
      const result = await demo.confirmDemoPayment(params.data.id, outcome).catch((err: unknown) => {
        if (err instanceof PaymentProviderError) throw err.reason === 'not_found' ? notFound('Payment not found') : conflict(err.message);
        throw err;
      });
      if (result.status === 'succeeded') {
        const intent = await demo.retrievePaymentIntent(params.data.id);
        await report({ id: `demo_evt_${intent.id}_succeeded`, type: 'payment_intent.succeeded', object: { id: intent.id, metadata: intent.metadata } });
      }
      res.json(result);
    }),
  );

  router.post(
    '/demo-payments/checkout/:sessionId/complete',
    limit,
    asyncHandler(async (req, res) => {
      const params = sessionParam.safeParse(req.params);
      if (!params.success) throw notFound('Checkout session not found');
      const { sessionId } = params.data;
      const done = await demo.completeDemoCheckout(sessionId).catch((err: unknown) => {
        if (err instanceof PaymentProviderError && err.reason === 'not_found') throw notFound('Checkout session not found');
        throw err;
      });
      await report({ id: `demo_evt_${sessionId}_completed`, type: 'checkout.session.completed', object: { id: sessionId } });
      res.json(done);
    }),
  );
  return router;
}
