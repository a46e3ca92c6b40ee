import { Router } from 'express';
import { adminLoginSchema, type AdminCheck } from '@shared/schemas/admin';
import type { AppContext } from '../context';
import { forAnyone, signInRoute, signOutRoute } from '../http/auth';
import { unauthorized } from '../http/errors';
import { recordAdminLogin, verifyAdmin } from '../services/admin-users';

export function adminAuthRoutes(ctx: AppContext): Router {
  const router = Router();
  router.post(
    '/admin/login',
    signInRoute(ctx, {
      kind: 'admin',
      schema: adminLoginSchema,
      message: 'Please enter both username and password',
      account: (input) => input.username,
      verify: async ({ username, password }) => {
        const admin = await verifyAdmin(ctx, username, password);
        if (!admin) throw unauthorized('Invalid credentials');
        return {
          user: { kind: 'admin', adminUserId: admin.id, username: admin.username },
          recordSignIn: () => recordAdminLogin(ctx, admin.id),
          answer: { message: 'Login successful', username: admin.username },
        };
      },
    }),
  );
  router.post('/admin/logout', signOutRoute);

  router.get('/admin/check', forAnyone, (req, res) => {
    const user = req.session?.user;
    const body: AdminCheck = user?.kind === 'admin' ? { authenticated: true, username: user.username } : { authenticated: false };
    res.json(body);
  });
  return router;
}
