import { Router } from 'express';
import { isBot } from '@shared/forms';
import { newsletterSchema, unsubscribeSchema } from '@shared/schemas/newsletter';
import type { AppContext } from '../../context';
import { forAnyone } from '../../http/auth';
import { asyncHandler } from '../../http/async-handler';
import { countyOf } from '../../http/county-site';
import { rateLimit } from '../../http/rate-limit';
import { parseInput } from '../../http/validate';
import { subscribe, unsubscribe } from '../newsletter';
import { formLimits } from '../../http/routes/form-limits';

export function newsletterRoutes(ctx: AppContext): Router {
  const router = Router();
  const limitSubscribe = formLimits(ctx).newsletter;
  const limitUnsubscribe = rateLimit({
    name: 'newsletter-unsubscribe',
    max: 30,
    windowMs: 60 * 60_000,
    message: 'Too many attempts. Please try again later.',
    enabled: ctx.env.RATE_LIMIT !== false,
  });

  router.post(
    '/newsletter',
    forAnyone,
    limitSubscribe,
    asyncHandler(async (req, res) => {
      // Bots that fill the hidden field are told it worked and nothing is stored (docs/decisions/0028-public-forms.md).
      if (isBot(req.body)) {
        res.status(200).json({ message: 'Subscribed' });
        return;
      }
      const { email } = parseInput(newsletterSchema, req.body);
      await subscribe(ctx, email, countyOf(res));
      res.status(201).json({ message: 'Subscribed' });
    }),
  );

  router.post(
    '/newsletter/unsubscribe',
    forAnyone,
    limitUnsubscribe,
    asyncHandler(async (req, res) => {
      const { token } = parseInput(unsubscribeSchema, req.body);
      await unsubscribe(ctx, token);
      res.json({ message: 'Unsubscribed' });
    }),
  );
  return router;
}
