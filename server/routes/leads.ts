import { Router } from 'express';
import { isBot } from '@shared/forms';
import { region } from '@shared/region';
import { quoteRequestSchemaFor } from '@shared/schemas/leads';
import type { AppContext } from '../context';
import { forAnyone } from '../http/auth';
import { asyncHandler } from '../http/async-handler';
import { countyOf } from '../http/county-site';
import { parseInput } from '../http/validate';
import { createLead } from '../services/leads';
import { formLimits } from './form-limits';

// The default county's lists and rules, as before; they become the request's county's with the services (docs/decisions/0102-region-in-boot-data.md).
const quoteRequestSchema = quoteRequestSchemaFor(region);

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
      const input = parseInput(quoteRequestSchema, req.body);
      const lead = await createLead(ctx, input, countyOf(res));
      res.status(201).json({ id: lead.id, status: 'new' });
    }),
  );
  return router;
}
