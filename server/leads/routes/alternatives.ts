import { Router } from 'express';
import { z } from 'zod';
import { alternativeSentMessage } from '@shared/schemas/lead-alternatives';
import type { AppContext } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { forAnyone } from '../../http/auth';
import { parseInput } from '../../http/validate';
import { formLimits } from '../../http/routes/form-limits';
import { alternativeOffer, useAlternative } from '../routing/use-alternative';

const tokenParamSchema = z.object({ token: z.string().trim().min(20, 'This link is not valid').max(200, 'This link is not valid') });

/** A homeowner's "Send my request to them" link (docs/decisions/0117-lead-routing.md): what it offers, and using it once. */
export function alternativeRoutes(ctx: AppContext): Router {
  const router = Router();
  const limit = formLimits(ctx).alternative;
  router.get(
    '/alternatives/:token',
    forAnyone,
    limit,
    asyncHandler(async (req, res) => {
      const { token } = parseInput(tokenParamSchema, req.params, 'This link is not valid');
      res.set('Cache-Control', 'no-store').json(await alternativeOffer(ctx, token));
    }),
  );
  router.post(
    '/alternatives/:token',
    forAnyone,
    limit,
    asyncHandler(async (req, res) => {
      const { token } = parseInput(tokenParamSchema, req.params, 'This link is not valid');
      const sent = await useAlternative(ctx, token);
      res.status(201).json({ leadId: sent.leadId, message: alternativeSentMessage(sent.contractorName) });
    }),
  );
  return router;
}
