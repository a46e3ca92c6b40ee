import { Router } from 'express';
import { isBot } from '@shared/forms';
import { quoteRequestSchemaFor } from '@shared/schemas/leads';
import type { AppContext } from '../context';
import { forAnyone } from '../http/auth';
import { asyncHandler } from '../http/async-handler';
import { regionOfRequest } from '../http/county-site';
import { perCounty } from '../regions/per-county';
import { parseInput } from '../http/validate';
import { createLead } from '../services/leads';
import { formLimits } from './form-limits';

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
  return router;
}
