import { Router } from 'express';
import { isBot } from '@shared/forms';
import { quoteRequestSchema } from '@shared/schemas/leads';
import type { AppContext } from '../context';
import { asyncHandler } from '../http/async-handler';
import { rateLimit } from '../http/rate-limit';
import { parseInput } from '../http/validate';
import { createLead } from '../services/leads';

export function leadRoutes(ctx: AppContext): Router {
  const router = Router();
  const limit = rateLimit({ max: 10, windowMs: 60 * 60_000, message: 'Too many quote requests from your network. Please try again later.', enabled: ctx.env.RATE_LIMIT !== false });

  router.post(
    '/leads',
    limit,
    asyncHandler(async (req, res) => {
      // Bots that fill the hidden field get a success answer and nothing is stored.
      if (isBot(req.body)) {
        res.status(200).json({ id: 0, status: 'new' });
        return;
      }
      const input = parseInput(quoteRequestSchema, req.body);
      const lead = await createLead(ctx, input);
      res.status(201).json({ id: lead.id, status: 'new' });
    }),
  );
  return router;
}
