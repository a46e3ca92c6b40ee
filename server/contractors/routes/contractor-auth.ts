import { Router } from 'express';
import { contractorLoginSchema, contractorSetupSchema } from '@shared/schemas/contractor-auth';
import type { AppContext } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { forAnyone, signInRoute, signOutRoute } from '../../http/auth';
import { forbidden, invalid, unauthenticated } from '../../domain/errors';
import { rateLimit } from '../../http/rate-limit';
import { parseInput } from '../../http/validate';
import { completeSetup, recordContractorLogin, verifyContractorLogin } from '../contractor-auth';
import { refuseCommonPassword } from '../../accounts/password-policy';

export const SETUP_REQUIRED_MESSAGE = 'Account setup required: use the setup code from your welcome email';

export function contractorAuthRoutes(ctx: AppContext): Router {
  const router = Router();
  // Every setup attempt counts, right or wrong: the code is what is being guessed.
  const limitSetup = rateLimit({ name: 'contractor-setup', max: 10, windowMs: 15 * 60_000, message: 'Too many setup attempts. Please try again later.', enabled: ctx.env.RATE_LIMIT !== false });

  router.post(
    '/contractor/login',
    signInRoute(ctx, {
      kind: 'contractor',
      schema: contractorLoginSchema,
      message: 'Please enter your email and password',
      account: (input) => input.email,
      verify: async ({ email, password }) => {
        const result = await verifyContractorLogin(ctx, email, password);
        // 'Setup required' counts as a failure too: it tells an account exists, so probing it is throttled.
        if (!result.ok) throw result.reason === 'setup-required' ? forbidden(SETUP_REQUIRED_MESSAGE) : unauthenticated('Invalid credentials');
        return {
          user: { kind: 'contractor', contractorId: result.contractorId, accountId: result.accountId, generation: result.generation },
          recordSignIn: () => recordContractorLogin(ctx, result.accountId),
          answer: { message: 'Login successful' },
        };
      },
    }),
  );

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
