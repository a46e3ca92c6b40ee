import { Router } from 'express';
import { contractorLoginSchema, contractorSetupSchema } from '@shared/schemas/contractor-auth';
import type { AppContext } from '../context';
import { asyncHandler } from '../http/async-handler';
import { signIn, signOut } from '../http/auth';
import { badRequest, forbidden, unauthorized } from '../http/errors';
import { LoginThrottle } from '../http/login-throttle';
import { rateLimit } from '../http/rate-limit';
import { ABSOLUTE_TIMEOUT_MS, secureSignInGuard, SESSION_COOKIE } from '../http/session';
import { parseInput } from '../http/validate';
import { completeSetup, recordContractorLogin, verifyContractorLogin } from '../services/contractor-auth';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from '../services/password-policy';

export const SETUP_REQUIRED_MESSAGE = 'Account setup required: use the setup code from your welcome email';

export function contractorAuthRoutes(ctx: AppContext): Router {
  const router = Router();
  const enabled = ctx.env.RATE_LIMIT !== false;
  const throttle = new LoginThrottle('contractor', enabled);
  const secureSignIn = secureSignInGuard(ctx.env, ctx.log);
  // Every setup attempt counts, right or wrong: the code is what is being guessed.
  const limitSetup = rateLimit({ name: 'contractor-setup', max: 10, windowMs: 15 * 60_000, message: 'Too many setup attempts. Please try again later.', enabled });

  router.post(
    '/contractor/login',
    asyncHandler(async (req, res) => {
      const { email, password } = parseInput(contractorLoginSchema, req.body, 'Please enter your email and password');
      secureSignIn(req);
      const attempt = await throttle.attempt(req, email);
      const result = await verifyContractorLogin(ctx.db, email, password);
      // 'Setup required' counts as a failure too: it tells an account exists, so probing it is throttled.
      if (!result.ok) throw result.reason === 'setup-required' ? forbidden(SETUP_REQUIRED_MESSAGE) : unauthorized('Invalid credentials');
      await attempt.succeeded();
      await signIn(req, { kind: 'contractor', contractorId: result.contractorId, accountId: result.accountId }, ABSOLUTE_TIMEOUT_MS);
      await recordContractorLogin(ctx.db, result.accountId);
      res.json({ message: 'Login successful' });
    }),
  );

  router.post(
    '/contractor/setup',
    limitSetup,
    asyncHandler(async (req, res) => {
      const input = parseInput(contractorSetupSchema, req.body);
      if (isCommonPassword(input.password)) throw badRequest(COMMON_PASSWORD_MESSAGE, { password: COMMON_PASSWORD_MESSAGE });
      // One answer for a wrong, used or expired code and for an unknown address.
      if (!(await completeSetup(ctx.db, input))) throw badRequest('Invalid setup token');
      res.json({ message: 'Setup complete' });
    }),
  );

  router.post(
    '/contractor/logout',
    asyncHandler(async (req, res) => {
      await signOut(req);
      res.clearCookie(SESSION_COOKIE, { path: '/' });
      res.json({ message: 'Logged out' });
    }),
  );
  return router;
}
