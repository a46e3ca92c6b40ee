import { Router } from 'express';
import { contractorSetupSchema } from '@shared/schemas/contractor-auth';
import type { AppContext } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { forAnyone, signInRoute, signOutRoute } from '../../http/auth';
import { invalid } from '../../domain/errors';
import { rateLimit } from '../../http/rate-limit';
import { parseInput } from '../../http/validate';
import { completeSetup } from '../contractor-auth';
import { contractorSignIn } from './contractor-sign-in';
import { refuseCommonPassword } from '../../accounts/password-policy';

export function contractorAuthRoutes(ctx: AppContext): Router {
  const router = Router();
  // Every setup attempt counts, right or wrong: the code is what is being guessed.
  const limitSetup = rateLimit({
    name: 'contractor-setup',
    max: 10,
    windowMs: 15 * 60_000,
    message: 'Too many setup attempts. Please try again later.',
    enabled: ctx.env.RATE_LIMIT !== false,
  });

  router.post('/contractor/login', ...signInRoute(contractorSignIn(ctx)));

  router.post(
    '/contractor/setup',
    forAnyone,
    limitSetup,
    asyncHandler(async (req, res) => {
      const input = parseInput(contractorSetupSchema, req.body);
      refuseCommonPassword(input.password);
      // One answer for a wrong, used or expired code and for an unknown address.
      if (!(await completeSetup(ctx, input))) throw invalid('Invalid setup token');
      res.json({ message: 'Setup complete' });
    }),
  );

  router.post('/contractor/logout', signOutRoute);
  return router;
}
