import { Router, type Request } from 'express';
import {
  emailChangeSchema,
  emailConfirmSchema,
  INVALID_LINK_MESSAGE,
  passwordChangeSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  RESET_REQUESTED_MESSAGE,
} from '@shared/schemas/contractor-account';
import type { AppContext } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { contractorIdOf, forAnyone, requireContractor, signOut } from '../../http/auth';
import { invalid } from '../../domain/errors';
import { LoginThrottle } from '../../http/login-throttle';
import { resetRequestLimit } from '../../http/reset-request-limit';
import { SESSION_COOKIE } from '../../http/session';
import { parseInput } from '../../http/validate';
import { changePassword, confirmEmailChange, requestEmailChange, signOutEverywhere } from '../account-settings';
import { refuseCommonPassword } from '../password-policy';
import { requestPasswordReset, resetPassword } from '../password-reset';
import { formLimits } from '../../http/routes/form-limits';
import { saveSession } from '../../http/session';

export const PASSWORD_RESET_DONE_MESSAGE = 'Your password is changed. Please sign in with your new password.';

/** The signed-in contractor's session user; only after requireContractor. */
const sessionUserOf = (req: Request) => {
  const user = req.session.user;
  if (user?.kind !== 'contractor') throw new Error('contractor session expected');
  return user;
};

/**
 * A contractor's account looking after itself (docs/decisions/0108-contractor-password-reset.md):
 * 'Forgot your password?' and its link for anyone, and in the portal the password, the sign-in
 * email and 'sign out everywhere'. The forgot and reset forms also post without JavaScript
 * (server/routes/form-pages.ts), through the same services and limits.
 */
export function contractorAccountRoutes(ctx: AppContext): Router {
  const router = Router();
  const limits = formLimits(ctx);
  const limitResetRequests = resetRequestLimit(ctx.env.RATE_LIMIT !== false);
  // A wrong current password counts as a failed sign-in of the account: it is the same guess.
  const throttle = new LoginThrottle('contractor', ctx.env.RATE_LIMIT !== false);
  const checked = async (req: Request) => throttle.attempt(req, `account:${sessionUserOf(req).accountId}`);

  router.post(
    '/contractor/forgot-password',
    forAnyone,
    asyncHandler(async (req, res) => {
      const { email } = parseInput(passwordResetRequestSchema, req.body);
      await limitResetRequests(req, email);
      await requestPasswordReset(ctx, { email });
      res.status(202).json({ message: RESET_REQUESTED_MESSAGE });
    }),
  );

  router.post(
    '/contractor/reset-password',
    forAnyone,
    limits.resetPassword,
    asyncHandler(async (req, res) => {
      const { token, password } = parseInput(passwordResetSchema, req.body);
      refuseCommonPassword(password);
      if (!(await resetPassword(ctx, token, password))) throw invalid(INVALID_LINK_MESSAGE);
      res.json({ message: PASSWORD_RESET_DONE_MESSAGE });
    }),
  );

  router.post(
    '/contractor/password',
    requireContractor(ctx),
    asyncHandler(async (req, res) => {
      const input = parseInput(passwordChangeSchema, req.body);
      refuseCommonPassword(input.password);
      const attempt = await checked(req);
      const { generation } = await changePassword(ctx, contractorIdOf(req), input, req.sessionID);
      await attempt.succeeded();
      // This session goes on under the new generation; every other one has ended.
      req.session.user = { ...sessionUserOf(req), generation };
      await saveSession(req);
      res.json({
        message: 'Your password is changed. Any other device signed in to your account has been signed out.',
      });
    }),
  );

  router.post(
    '/contractor/email',
    requireContractor(ctx),
    asyncHandler(async (req, res) => {
      const input = parseInput(emailChangeSchema, req.body);
      const attempt = await checked(req);
      const { email } = await requestEmailChange(ctx, contractorIdOf(req), input);
      await attempt.succeeded();
      res
        .status(202)
        .json({ message: `We sent a link to ${email}. Open it within one hour to make it your sign-in email.`, email });
    }),
  );

  router.post(
    '/contractor/confirm-email',
    forAnyone,
    limits.confirmEmail,
    asyncHandler(async (req, res) => {
      const { token } = parseInput(emailConfirmSchema, req.body);
      const changed = await confirmEmailChange(ctx, token);
      if (!changed) throw invalid(INVALID_LINK_MESSAGE);
      res.json({ message: `Your sign-in email is now ${changed.email}.`, email: changed.email });
    }),
  );

  router.post(
    '/contractor/logout-everywhere',
    requireContractor(ctx),
    asyncHandler(async (req, res) => {
      await signOutEverywhere(ctx, contractorIdOf(req));
      await signOut(req);
      res.clearCookie(SESSION_COOKIE, { path: '/' });
      res.json({ message: 'Signed out everywhere' });
    }),
  );
  return router;
}
