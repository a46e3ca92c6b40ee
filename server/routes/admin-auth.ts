import { Router } from 'express';
import { adminLoginSchema, type AdminCheck } from '@shared/schemas/admin';
import type { AppContext } from '../context';
import { asyncHandler } from '../http/async-handler';
import { signIn, signOut } from '../http/auth';
import { unauthorized } from '../http/errors';
import { LoginThrottle } from '../http/login-throttle';
import { clientAddress } from '../http/rate-limit';
import { ABSOLUTE_TIMEOUT_MS, SESSION_COOKIE } from '../http/session';
import { parseInput } from '../http/validate';
import { recordAdminLogin, verifyAdmin } from '../services/admin-users';

export function adminAuthRoutes(ctx: AppContext): Router {
  const router = Router();
  const throttle = new LoginThrottle(ctx.env.RATE_LIMIT !== false);

  router.post(
    '/admin/login',
    asyncHandler(async (req, res) => {
      const { username, password } = parseInput(adminLoginSchema, req.body, 'Please enter both username and password');
      const address = clientAddress(req);
      throttle.check(username, address);
      const admin = await verifyAdmin(ctx.db, username, password);
      if (!admin) {
        throttle.failed(username, address);
        throw unauthorized('Invalid credentials');
      }
      throttle.succeeded(username);
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
