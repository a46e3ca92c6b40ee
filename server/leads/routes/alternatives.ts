import { Router } from 'express';
import { alternativeTokenSchema } from '@shared/schemas/alternative-choice';
import { alternativeSentMessage } from '@shared/schemas/lead-alternatives';
import type { AppContext } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { forAnyone } from '../../http/auth';
import { countyOf } from '../../http/county-site';
import { parseInput } from '../../http/validate';
import { formLimits } from '../../http/routes/form-limits';
import { useAlternative } from '../routing/use-alternative';

/** A homeowner's "Send my request to them" link (docs/decisions/0117-lead-routing.md), used once; what it offers is a public query (routing-queries.ts). */
export function alternativeRoutes(ctx: AppContext): Router {
  const router = Router();
  const limit = formLimits(ctx).alternative;
  router.post(
    '/alternatives/:token',
    forAnyone,
    limit,
    asyncHandler(async (req, res) => {
      const { token } = parseInput(alternativeTokenSchema, req.params, 'This link is not valid');
      const sent = await useAlternative(ctx, token, countyOf(res));
      res.status(201).json({ leadId: sent.leadId, message: alternativeSentMessage(sent.contractorName) });
    }),
  );
  return router;
}
