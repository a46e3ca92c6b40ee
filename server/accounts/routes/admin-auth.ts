import { Router } from 'express';
import type { AdminCheck } from '@shared/schemas/admin';
import type { AppContext } from '../../context';
import { adminTwoFactorRequired } from '../../env';
import { forAnyone, signInRoute, signOutRoute } from '../../http/auth';
import { asyncHandler } from '../../http/async-handler';
import { loadAdminAccount } from '../../counties/admin-scope';
import { adminSessionFacts } from '../admin-users';
import type { SealingKey } from '../totp';
import { adminSignIn } from './admin-sign-in';

/**
 * Administrators' sign-in as JSON (the steps: ./admin-sign-in.ts, docs/decisions/0109-admin-two-factor.md),
 * sign-out, and what the session is now.
 */
export function adminAuthRoutes(ctx: AppContext, key: SealingKey): Router {
  const router = Router();
  const required = adminTwoFactorRequired(ctx.env);
  const steps = adminSignIn(ctx, key);
  router.post('/admin/login', ...signInRoute(steps.password));
  router.post('/admin/login/code', ...signInRoute(steps.code));
  router.post('/admin/logout', signOutRoute);

  // With the role and counties as they are now (docs/decisions/0103-county-administrators.md); a disabled account is signed out.
  router.get(
    '/admin/check',
    forAnyone,
    asyncHandler(async (req, res) => {
      const user = req.session?.user;
      if (user?.kind === 'admin-code')
        return void res.json({ authenticated: false, twoFactor: 'code' } satisfies AdminCheck);
      const account = user?.kind === 'admin' ? await loadAdminAccount(ctx, user.adminUserId) : null;
      const facts =
        user?.kind === 'admin' && account?.sessionGeneration === (user.generation ?? 0)
          ? await adminSessionFacts(ctx, user.adminUserId, user.countyId)
          : null;
      const mustEnrol = required && account && !account.twoFactor;
      const body: AdminCheck = facts
        ? { authenticated: true, ...facts, ...(mustEnrol ? { twoFactor: 'enrol' } : {}) }
        : { authenticated: false };
      res.json(body);
    }),
  );
  return router;
}
