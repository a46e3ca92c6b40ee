import { Router } from 'express';
import { appCodeSchema, type RecoveryCodesAnswer } from '@shared/schemas/admin-two-factor';
import type { AppContext } from '../../context';
import { adminTwoFactorRequired } from '../../env';
import { asyncHandler } from '../../http/async-handler';
import { adminOf, requireAdmin } from '../../http/auth';
import { parseInput } from '../../http/validate';
import { platformName } from '../../integrations/email';
import {
  beginEnrolment,
  confirmEnrolment,
  regenerateRecoveryCodes,
  turnOffTwoFactor,
  twoFactorStatus,
} from '../admin-two-factor';
import type { SealingKey } from '../totp';

/**
 * An administrator's own two-factor sign-in (docs/decisions/0109-admin-two-factor.md): its state,
 * setting it up (a secret to scan, confirmed with a code, then the recovery codes shown once), new
 * recovery codes and turning it off. Open to an account that must still set it up.
 */
export function adminTwoFactorRoutes(ctx: AppContext, key: SealingKey): Router {
  const router = Router();
  const required = adminTwoFactorRequired(ctx.env);
  const guard = requireAdmin(ctx, { enrolment: true });

  router.get(
    '/admin/two-factor',
    guard,
    asyncHandler(async (req, res) => {
      res.json(await twoFactorStatus(ctx, adminOf(req).adminUserId, required));
    }),
  );
  router.post(
    '/admin/two-factor/setup',
    guard,
    asyncHandler(async (req, res) => {
      // The platform's name, whatever host the administrator enrols on (127.0.0.1 would name nothing).
      res.json(await beginEnrolment(ctx, key, adminOf(req), platformName(ctx.env.MAIL_FROM)));
    }),
  );
  // Confirming the set-up and asking for new codes both take a code from the app and show the new recovery codes once.
  const newRecoveryCodes = (issue: typeof confirmEnrolment) =>
    asyncHandler(async (req, res) => {
      const { code } = parseInput(appCodeSchema, req.body);
      const answer: RecoveryCodesAnswer = { recoveryCodes: await issue(ctx, key, adminOf(req).adminUserId, code) };
      res.json(answer);
    });
  router.post('/admin/two-factor/confirm', guard, newRecoveryCodes(confirmEnrolment));
  router.post('/admin/two-factor/recovery-codes', guard, newRecoveryCodes(regenerateRecoveryCodes));
  router.post(
    '/admin/two-factor/disable',
    guard,
    asyncHandler(async (req, res) => {
      const { code } = parseInput(appCodeSchema, req.body);
      await turnOffTwoFactor(ctx, key, adminOf(req).adminUserId, code, required);
      res.json(await twoFactorStatus(ctx, adminOf(req).adminUserId, required));
    }),
  );
  return router;
}
