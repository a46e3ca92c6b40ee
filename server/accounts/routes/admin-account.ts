import { Router } from 'express';
import { passwordChangeSchema } from '@shared/schemas/contractor-account';
import type { AppContext } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { adminOf, requireAdmin } from '../../http/auth';
import { LoginThrottle } from '../../http/login-throttle';
import { parseInput } from '../../http/validate';
import { changeOwnAdminPassword } from '../admin-users';
import { saveSession } from '../../http/session';

/** An administrator's own account (docs/decisions/0114-homeowner-privacy.md): its password, given the current one. */
export function adminAccountRoutes(ctx: AppContext): Router {
  const router = Router();
  // A wrong current password counts as a failed sign-in of the account: it is the same guess (docs/decisions/0036-sign-in-throttling.md).
  const throttle = new LoginThrottle('admin', ctx.env.RATE_LIMIT !== false);
  router.post(
    '/admin/account/password',
    requireAdmin(ctx),
    asyncHandler(async (req, res) => {
      const input = parseInput(passwordChangeSchema, req.body);
      const actor = adminOf(req);
      const attempt = await throttle.attempt(req, actor.username);
      const { generation } = await changeOwnAdminPassword(ctx, actor, input, req.sessionID);
      await attempt.succeeded();
      // This session goes on under the new generation; every other one has ended.
      const user = req.session.user;
      if (user?.kind === 'admin') req.session.user = { ...user, generation };
      await saveSession(req);
      res.json({
        message: 'Your password is changed. Any other device signed in to your account has been signed out.',
      });
    }),
  );
  return router;
}
