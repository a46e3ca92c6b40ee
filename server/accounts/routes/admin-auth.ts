import { Router } from 'express';
import { adminLoginSchema, type AdminCheck } from '@shared/schemas/admin';
import { secondStepSchema, type AdminLoginAnswer } from '@shared/schemas/admin-two-factor';
import type { AppContext } from '../../context';
import { adminTwoFactorRequired } from '../../env';
import { forAnyone, signIn, signInRoute, signOut, signOutRoute } from '../../http/auth';
import { unauthenticated } from '../../domain/errors';
import { asyncHandler } from '../../http/async-handler';
import { LoginThrottle } from '../../http/login-throttle';
import { ABSOLUTE_TIMEOUT_MS, secureSignInGuard } from '../../http/session';
import { parseInput } from '../../http/validate';
import { loadAdminAccount } from '../../counties/admin-scope';
import { checkSecondStep, hasTwoFactor } from '../admin-two-factor';
import { adminSessionFacts, recordAdminLogin, verifyAdmin } from '../admin-users';
import type { SealingKey } from '../totp';

/** How long the right password waits for its code: long enough to open the app, short enough not to be a session. */
const SECOND_STEP_MS = 10 * 60_000;

/**
 * Administrators' sign-in (docs/decisions/0109-admin-two-factor.md): the password, then, for an
 * account with two-factor sign-in, a code from the app or a recovery code; only then is the session
 * an administrator's. Where it is required, an account without it is signed in to set it up and
 * can reach nothing else (the admin guard).
 */
export function adminAuthRoutes(ctx: AppContext, key: SealingKey): Router {
  const router = Router();
  const required = adminTwoFactorRequired(ctx.env);
  router.post(
    '/admin/login',
    signInRoute(ctx, {
      kind: 'admin',
      schema: adminLoginSchema,
      message: 'Please enter both username and password',
      account: (input) => input.username,
      verify: async ({ username, password }) => {
        const admin = await verifyAdmin(ctx, username, password);
        if (!admin) throw unauthenticated('Invalid credentials');
        const who = { adminUserId: admin.id, username: admin.username, generation: admin.sessionGeneration };
        if (await hasTwoFactor(ctx, key, admin.id)) {
          const answer: AdminLoginAnswer = { message: 'Enter the code from your authenticator app', username: admin.username, twoFactor: 'code' };
          return { user: { kind: 'admin-code', ...who }, absoluteMs: SECOND_STEP_MS, recordSignIn: async () => {}, answer };
        }
        const answer: AdminLoginAnswer = { message: 'Login successful', username: admin.username, ...(required ? { twoFactor: 'enrol' as const } : {}) };
        return { user: { kind: 'admin', ...who }, recordSignIn: () => recordAdminLogin(ctx, admin.id), answer };
      },
    }),
  );

  // The second step, counted like sign-in failures but apart from them (docs/decisions/0036-sign-in-throttling.md).
  const codeThrottle = new LoginThrottle('admin-code', ctx.env.RATE_LIMIT !== false);
  const secureSignIn = secureSignInGuard(ctx.env, ctx.log);
  router.post(
    '/admin/login/code',
    forAnyone,
    asyncHandler(async (req, res) => {
      const { code } = parseInput(secondStepSchema, req.body, 'Enter the code from your authenticator app or a recovery code');
      secureSignIn(req);
      const user = req.session?.user;
      if (user?.kind !== 'admin-code') throw unauthenticated('Please sign in with your username and password first');
      const attempt = await codeThrottle.attempt(req, user.username);
      const account = await loadAdminAccount(ctx, user.adminUserId);
      if (!account || account.sessionGeneration !== user.generation) {
        await signOut(req);
        throw unauthenticated('Please sign in again');
      }
      const used = await checkSecondStep(ctx, key, user.adminUserId, code);
      if (!used) throw unauthenticated('Invalid code');
      await attempt.succeeded();
      await signIn(req, { kind: 'admin', adminUserId: user.adminUserId, username: user.username, generation: user.generation }, ABSOLUTE_TIMEOUT_MS);
      await recordAdminLogin(ctx, user.adminUserId);
      const answer: AdminLoginAnswer = { message: used === 'recovery' ? 'Login successful. That recovery code is now used up.' : 'Login successful', username: user.username };
      res.json(answer);
    }),
  );
  router.post('/admin/logout', signOutRoute);

  // With the role and counties as they are now (docs/decisions/0103-county-administrators.md); a disabled account is signed out.
  router.get(
    '/admin/check',
    forAnyone,
    asyncHandler(async (req, res) => {
      const user = req.session?.user;
      if (user?.kind === 'admin-code') return void res.json({ authenticated: false, twoFactor: 'code' } satisfies AdminCheck);
      const account = user?.kind === 'admin' ? await loadAdminAccount(ctx, user.adminUserId) : null;
      const facts = user?.kind === 'admin' && account?.sessionGeneration === (user.generation ?? 0) ? await adminSessionFacts(ctx, user.adminUserId, user.countyId) : null;
      const mustEnrol = required && account && !account.twoFactor;
      const body: AdminCheck = facts ? { authenticated: true, ...facts, ...(mustEnrol ? { twoFactor: 'enrol' } : {}) } : { authenticated: false };
      res.json(body);
    }),
  );
  return router;
}
