import { Router } from 'express';
import { adminLoginSchema, type AdminCheck } from '@shared/schemas/admin';
import type { AppContext } from '../context';
import { asyncHandler } from '../http/async-handler';
import { signIn, signOut } from '../http/auth';
import { unauthorized } from '../http/errors';
import { LoginThrottle } from '../http/login-throttle';
import { ABSOLUTE_TIMEOUT_MS, secureSignInGuard, SESSION_COOKIE } from '../http/session';
import { parseInput } from '../http/validate';
import { recordAdminLogin, verifyAdmin } from '../services/admin-users';

export function adminAuthRoutes(ctx: AppContext): Router {
  const router = Router();
  const throttle = new LoginThrottle('admin', ctx.env.RATE_LIMIT !== false);
  const secureSignIn = secureSignInGuard(ctx.env, ctx.log);

  router.post(
    '/admin/login',
    asyncHandler(async (req, res) => {
      const { username, password } = parseInput(adminLoginSchema, req.body, 'Please enter both username and password');
      secureSignIn(req);
      const attempt = await throttle.attempt(req, username);
      const admin = await verifyAdmin(ctx.db, username, password);
      if (!admin) throw unauthorized('Invalid credentials');
      await attempt.succeeded();
      await signIn(req, { kind: 'admin', adminUserId: admin.id, username: admin.username }, ABSOLUTE_TIMEOUT_MS);
      await recordAdminLogin(ctx.db, admin.id);
      res.json({ message: 'Login successful', username: admin.username });
    }),
  );

  // Destroyed on the server, so a copied cookie dies with it.
  router.post(
    '/admin/logout',
    asyncHandler(async (req, res) => {
      await signOut(req);
      res.clearCookie(SESSION_COOKIE, { path: '/' });
      res.json({ message: 'Logged out' });
    }),
  );

  router.get('/admin/check', (req, res) => {
    const user = req.session?.user;
    const body: AdminCheck = user?.kind === 'admin' ? { authenticated: true, username: user.username } : { authenticated: false };
    res.json(body);
  });
  return router;
}
