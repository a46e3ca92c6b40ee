import { Router } from 'express';
import { adminLoginSchema, type AdminCheck } from '@shared/schemas/admin';
import type { AppContext } from '../context';
import { forAnyone, signInRoute, signOutRoute } from '../http/auth';
import { unauthorized } from '../http/errors';
import { asyncHandler } from '../http/async-handler';
import { adminSessionFacts, recordAdminLogin, verifyAdmin } from '../services/admin-users';

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

  // With the role and counties as they are now (docs/decisions/0103-county-administrators.md); a disabled account is signed out.
  router.get(
    '/admin/check',
    forAnyone,
    asyncHandler(async (req, res) => {
      const user = req.session?.user;
      const facts = user?.kind === 'admin' ? await adminSessionFacts(ctx, user.adminUserId, user.countyId) : null;
      const body: AdminCheck = facts ? { authenticated: true, ...facts } : { authenticated: false };
      res.json(body);
    }),
  );
  return router;
}
