import { Router } from 'express';
import { idParamSchema } from '@shared/schemas/admin';
import { resetAdminPasswordSchema } from '@shared/schemas/admin-two-factor';
import { adminScopeSchema, createAdminSchema, updateAdminSchema } from '@shared/schemas/admin-users';
import type { AppContext } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { adminOf, adminScopeOf, requireAdmin } from '../../http/auth';
import { parseInput } from '../../http/validate';
import {
  adminSessionFacts,
  chooseCounty,
  createAdminAccount,
  listAdminAccounts,
  resetAdminPassword,
  resetAdminTwoFactor,
  updateAdminAccount,
} from '../admin-users';

/**
 * Administrator accounts (docs/decisions/0103-county-administrators.md): the platform administrator
 * lists, creates, disables and assigns counties; every administrator chooses the county it looks at.
 */
export function adminUserRoutes(ctx: AppContext): Router {
  const router = Router();

  router.get(
    '/admin/users',
    requireAdmin(ctx, { platform: true }),
    asyncHandler(async (_req, res) => {
      res.json(await listAdminAccounts(ctx));
    }),
  );
  router.post(
    '/admin/users',
    requireAdmin(ctx, { platform: true }),
    asyncHandler(async (req, res) => {
      res.status(201).json(await createAdminAccount(ctx, parseInput(createAdminSchema, req.body)));
    }),
  );
  router.patch(
    '/admin/users/:id',
    requireAdmin(ctx, { platform: true }),
    asyncHandler(async (req, res) => {
      const { id } = parseInput(idParamSchema, req.params, 'Invalid administrator id');
      res.json(await updateAdminAccount(ctx, adminOf(req), id, parseInput(updateAdminSchema, req.body)));
    }),
  );

  // The platform administrator's resets of another account (docs/decisions/0109-admin-two-factor.md): each ends its sessions.
  router.post(
    '/admin/users/:id/password',
    requireAdmin(ctx, { platform: true }),
    asyncHandler(async (req, res) => {
      const { id } = parseInput(idParamSchema, req.params, 'Invalid administrator id');
      const { password } = parseInput(resetAdminPasswordSchema, req.body);
      res.json(await resetAdminPassword(ctx, adminOf(req), id, password));
    }),
  );
  router.post(
    '/admin/users/:id/two-factor/reset',
    requireAdmin(ctx, { platform: true }),
    asyncHandler(async (req, res) => {
      const { id } = parseInput(idParamSchema, req.params, 'Invalid administrator id');
      res.json(await resetAdminTwoFactor(ctx, adminOf(req), id));
    }),
  );

  // The county switcher: the choice is kept with the session and narrows every list.
  router.put(
    '/admin/scope',
    requireAdmin(ctx),
    asyncHandler(async (req, res) => {
      const { countyId } = parseInput(adminScopeSchema, req.body);
      const chosen = await chooseCounty(ctx, adminScopeOf(req), countyId);
      const user = req.session.user;
      if (user?.kind === 'admin') req.session.user = { ...user, countyId: chosen };
      res.json({ authenticated: true, ...(await adminSessionFacts(ctx, adminOf(req).adminUserId, chosen)) });
    }),
  );
  return router;
}
