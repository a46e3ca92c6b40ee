import { Router, type RequestHandler } from 'express';
import { afterSignIn, signInPages } from '@shared/sign-in-next';
import { signInNextQuerySchema } from '@shared/schemas/contractor-auth';
import type { AdminLoginAnswer } from '@shared/schemas/admin-two-factor';
import type { AppContext } from '../context';
import { parseQuery } from '../http/validate';
import { adminSignIn } from '../accounts/routes/admin-sign-in';
import type { SealingKey } from '../accounts/totp';
import { contractorSignIn } from '../contractors/routes/contractor-sign-in';
import { asyncHandler } from '../http/async-handler';
import { formValues, type FormFields } from '../http/form-body';
import { refusedForm, webForm } from '../http/web-form';

/** What each sign-in form sends; what a refused one shows again never holds the password or the code. */
const CONTRACTOR_SENT: FormFields = { text: ['email', 'password'] };
const CONTRACTOR_SHOWN: FormFields = { text: ['email'] };
const ADMIN_SENT: FormFields = { text: ['username', 'password'] };
const ADMIN_SHOWN: FormFields = { text: ['username'] };
const CODE_SENT: FormFields = { text: ['code'] };
const CODE_SHOWN: FormFields = { text: [] };

/** Where the admin's password step leads, as the sign-in page with JavaScript goes on from the API's answer. */
const afterPassword = (answer: AdminLoginAnswer) =>
  answer.twoFactor === 'code'
    ? signInPages.adminLogin.code
    : answer.twoFactor === 'enrol'
      ? signInPages.adminLogin.enrol
      : signInPages.adminLogin.done;

/**
 * Signing in to the portal and the admin area without JavaScript
 * (docs/decisions/0124-sign-in-without-javascript.md): each sign-in page's form posts a web form to
 * the page, checked as the public forms are (the cross-site check, a web form only, the limit), and
 * handed to the same sign-in step as the JSON API (the shared schema, the throttle and its lockouts,
 * https in production, a new session). A signed-in step answers 303 to where the page with JavaScript
 * goes next; a refused one answers its page again with the message and what was typed, never the
 * password. `session` is the session middleware, which only these page routes need.
 */
export function signInPageRoutes(ctx: AppContext, session: RequestHandler[], key: SealingKey): Router {
  const router = Router();
  const form = [...webForm(ctx.env, ctx.log), ...session];
  const refused = refusedForm(ctx.log);
  const contractor = contractorSignIn(ctx);
  const admin = adminSignIn(ctx, key);

  router.post(
    signInPages.contractorLogin.path,
    ...form,
    asyncHandler(async (req, res) => {
      await contractor(req, formValues(req.body, CONTRACTOR_SENT));
      res.redirect(
        303,
        afterSignIn(parseQuery(signInNextQuerySchema, req.query).next, signInPages.contractorLogin.done),
      );
    }),
    refused('contractor-login', CONTRACTOR_SHOWN),
  );

  router.post(
    signInPages.adminLogin.path,
    ...form,
    asyncHandler(async (req, res) => {
      res.redirect(303, afterPassword(await admin.password(req, formValues(req.body, ADMIN_SENT))));
    }),
    refused('admin-login', ADMIN_SHOWN),
  );

  router.post(
    signInPages.adminCode.path,
    ...form,
    asyncHandler(async (req, res) => {
      await admin.code(req, formValues(req.body, CODE_SENT));
      res.redirect(303, signInPages.adminCode.done);
    }),
    refused('admin-code', CODE_SHOWN),
  );
  return router;
}
