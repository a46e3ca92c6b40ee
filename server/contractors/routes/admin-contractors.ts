import { Router } from 'express';
import { adminContractorQuerySchema, approvalSchema, idParamSchema, visibilitySchema } from '@shared/schemas/admin';
import type { AppContext } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { adminOf, requireAdmin } from '../../http/auth';
import { adminListRoute } from '../../http/admin-list';
import { invalid } from '../../domain/errors';
import { fieldErrors, parseInput, parseQuery } from '../../http/validate';
import { issueSetupCode } from '../contractor-accounts';
import { listAdminContractors, setApproval, setVerification, setVisibility } from '../moderation';

export function adminContractorRoutes(ctx: AppContext): Router {
  const router = Router();
  const idOf = (params: unknown) => parseInput(idParamSchema, params, 'Invalid contractor id').id;

  router.get(
    '/admin/contractors',
    ...adminListRoute(ctx, (req) => parseQuery(adminContractorQuerySchema, req.query), listAdminContractors),
  );

  router.patch(
    '/admin/contractors/:id/approval',
    requireAdmin(ctx, { owns: 'contractor' }),
    asyncHandler(async (req, res) => {
      const id = idOf(req.params);
      // The one field that can be wrong is the reason, so its message is the answer's message.
      const parsed = approvalSchema.safeParse(req.body);
      if (!parsed.success) {
        const errors = fieldErrors(parsed.error);
        throw invalid(Object.values(errors)[0] ?? 'Please check the highlighted fields', errors);
      }
      res.json(await setApproval(ctx, id, parsed.data, adminOf(req)));
    }),
  );

  router.patch(
    '/admin/contractors/:id/visibility',
    requireAdmin(ctx, { owns: 'contractor' }),
    asyncHandler(async (req, res) => {
      const id = idOf(req.params);
      const { isVisible } = parseInput(visibilitySchema, req.body);
      res.json(await setVisibility(ctx, id, isVisible));
    }),
  );

  // Licence and insurance checked (docs/decisions/0019-verifying-contractors.md), recorded with who and when; unverify withdraws it.
  router.post(
    '/admin/contractors/:id/verify',
    requireAdmin(ctx, { owns: 'contractor' }),
    asyncHandler(async (req, res) => {
      res.json(await setVerification(ctx, idOf(req.params), true, adminOf(req)));
    }),
  );

  router.post(
    '/admin/contractors/:id/unverify',
    requireAdmin(ctx, { owns: 'contractor' }),
    asyncHandler(async (req, res) => {
      res.json(await setVerification(ctx, idOf(req.params), false, adminOf(req)));
    }),
  );

  router.post(
    '/admin/contractors/:id/setup-code',
    requireAdmin(ctx, { owns: 'contractor' }),
    asyncHandler(async (req, res) => {
      const { email } = await issueSetupCode(ctx, idOf(req.params));
      res.json({ message: `A new setup code was sent to ${email}` });
    }),
  );
  return router;
}
