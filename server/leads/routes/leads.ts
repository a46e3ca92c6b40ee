import { Router } from 'express';
import { isBot } from '@shared/forms';
import { quoteRequestSchemaFor } from '@shared/schemas/leads';
import type { AppContext } from '../../context';
import { forAnyone } from '../../http/auth';
import { asyncHandler } from '../../http/async-handler';
import { regionOfRequest } from '../../http/county-site';
import { perCounty } from '../../counties/per-county';
import { parseInput } from '../../http/validate';
import { createLead } from '../leads';
import { withdrawLead } from '../lead-withdrawal';
import { withdrawSchema } from '@shared/schemas/lead-withdrawal';
import { formLimits } from '../../http/routes/form-limits';

// The services and towns offered are the county's whose site is asked (docs/decisions/0105-county-sites-open.md).
const quoteRequestSchema = perCounty(quoteRequestSchemaFor);

export function leadRoutes(ctx: AppContext): Router {
  const router = Router();
  const limit = formLimits(ctx).quote;

  router.post(
    '/leads',
    forAnyone,
    limit,
    asyncHandler(async (req, res) => {
      // Bots that fill the hidden field get a success answer and nothing is stored.
      if (isBot(req.body)) {
        res.status(200).json({ id: 0, status: 'new' });
        return;
      }
      const region = await regionOfRequest(ctx, res);
      const input = parseInput(quoteRequestSchema(region), req.body);
      const lead = await createLead(ctx, input, region);
      res.status(201).json({ id: lead.id, status: 'new' });
    }),
  );

  // The confirmation email's withdraw link (docs/decisions/0114-homeowner-privacy.md): only its holder can use it; tries are limited like a reset link's.
  router.post(
    '/leads/withdraw',
    forAnyone,
    formLimits(ctx).withdraw,
    asyncHandler(async (req, res) => {
      const { token } = parseInput(withdrawSchema, req.body);
      res.json(await withdrawLead(ctx, token));
    }),
  );
  return router;
}
