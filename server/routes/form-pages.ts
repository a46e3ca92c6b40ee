import { Router, type NextFunction, type Request, type Response } from 'express';
import { formPages, HONEYPOT_FIELD, isBot } from '@shared/forms';
import { region } from '@shared/region';
import { quoteFormSchemaFor, quoteRequestSchemaFor } from '@shared/schemas/leads';
import { newsletterSchema } from '@shared/schemas/newsletter';
import {
  emailConfirmSchema,
  passwordResetFormSchema,
  passwordResetRequestSchema,
  INVALID_LINK_MESSAGE,
} from '@shared/schemas/contractor-account';
import { hireAnswerSchema, hireAnsweredPath, reviewAnswersOf, reviewSubmissionSchema } from '@shared/schemas/reviews';
import { submissionSchemaFor } from '@shared/schemas/submission';
import type { AppContext } from '../context';
import { asyncHandler } from '../http/async-handler';
import { countyOf, regionOfRequest } from '../http/county-site';
import { formValues, type FormFields } from '../http/form-body';
import { refusedForm, webForm as webFormChecks } from '../http/web-form';
import { parseInput } from '../http/validate';
import { perCounty } from '../counties/per-county';
import { resetRequestLimit } from '../http/reset-request-limit';
import { invalid } from '../domain/errors';
import { confirmEmailChange } from '../accounts/account-settings';
import { createLead } from '../leads/leads';
import { withdrawLead } from '../leads/lead-withdrawal';
import { withdrawSchema } from '@shared/schemas/lead-withdrawal';
import { requestPasswordReset, resetPassword } from '../accounts/password-reset';
import { subscribe } from '../content/newsletter';
import { submitReview } from '../reviews/reviews';
import { submitBusiness } from '../contractors/submissions';
import { refuseCommonPassword } from '../accounts/password-policy';
import { formLimits } from '../http/routes/form-limits';
import { useAlternative, useAlternativeOfRequest } from '../leads/routing/use-alternative';
import { answerRequest } from '../leads/requests/homeowner-answer';
import { answerHireCheck } from '../leads/requests/hire-check';
import { homeownerAnswerSchema, requestAlternativeSchema, requestTokenSchema } from '@shared/schemas/request-answer';
import { requestPage, REQUEST_LINK_INVALID } from '@shared/schemas/request-page';
import { alternativeTokenSchema } from '@shared/schemas/alternative-choice';
import { alternativePage } from '@shared/schemas/lead-alternatives';

// The services and towns offered are the county's whose site is asked (docs/decisions/0105-county-sites-open.md);
// the fields' names are every county's.
const quoteRequestSchema = perCounty(quoteRequestSchemaFor);
const submissionSchema = perCounty(submissionSchemaFor);

const QUOTE: FormFields = { text: Object.keys(quoteFormSchemaFor(region).shape) };
const NEWSLETTER: FormFields = { text: ['email'] };
const SUBMISSION: FormFields = {
  text: Object.keys(submissionSchema(region).shape).filter((f) => f !== 'services' && f !== HONEYPOT_FIELD),
  lists: ['services'],
};
const REVIEW: FormFields = { text: ['contacted', 'hired', 'rating', 'comment'] };
const HIRE: FormFields = { text: ['hireAnswer'] };
const FORGOT: FormFields = { text: ['email'] };
const RESET: FormFields = { text: ['token', 'password', 'confirmPassword'] };
const CONFIRM: FormFields = { text: ['token'] };
const WITHDRAW: FormFields = { text: ['token'] };
const ALTERNATIVE: FormFields = { text: [] };
const REQUEST: FormFields = { text: ['answer', 'alternativeId'] };
/** What a refused reset shows again: never the passwords typed. */
const RESET_SHOWN: FormFields = { text: ['token'] };

/**
 * The public forms sent without JavaScript (docs/decisions/0023-forms-without-javascript.md,
 * docs/decisions/0024-review-form-without-javascript.md): each posts a web form to its own page,
 * which is checked as the API checks it (origin, body type, limit, honeypot, the shared schema) and
 * handed to the same service. A sent form is answered with a redirect (303) to the page's success
 * state; a refused one with its page again, rendered by the page handler with what was typed, the
 * field errors and the message (res.locals.postedForm), under the error's status.
 */
export function formPageRoutes(ctx: AppContext): Router {
  const router = Router();
  const limits = formLimits(ctx);
  const webForm = webFormChecks(ctx.env, ctx.log);
  const refused = refusedForm(ctx.log);
  const refusedReview = refused('review', REVIEW);
  const refusedHire = refused('hire-answer', HIRE);

  router.post(
    '/contractor/:id/quote',
    ...webForm,
    limits.quote,
    asyncHandler(async (req, res) => {
      // Bots that fill the hidden field are told it worked and nothing is stored (docs/decisions/0028-public-forms.md).
      if (isBot(req.body)) return res.redirect(303, formPages.quote.done(encodeURIComponent(String(req.params.id))));
      const region = await regionOfRequest(ctx, res);
      const input = parseInput(quoteRequestSchema(region), {
        ...formValues(req.body, QUOTE),
        contractorId: req.params.id,
      });
      await createLead(ctx, input, region);
      res.redirect(303, formPages.quote.done(input.contractorId));
    }),
    refused('quote', QUOTE),
  );

  router.post(
    formPages.newsletter.path,
    ...webForm,
    limits.newsletter,
    asyncHandler(async (req, res) => {
      if (isBot(req.body)) return res.redirect(303, formPages.newsletter.done);
      const { email } = parseInput(newsletterSchema, formValues(req.body, NEWSLETTER));
      await subscribe(ctx, email, countyOf(res));
      res.redirect(303, formPages.newsletter.done);
    }),
    refused('newsletter', NEWSLETTER),
  );

  router.post(
    formPages.submission.path,
    ...webForm,
    limits.submission,
    asyncHandler(async (req, res) => {
      if (isBot(req.body)) return res.redirect(303, formPages.submission.done);
      const region = await regionOfRequest(ctx, res);
      await submitBusiness(ctx, parseInput(submissionSchema(region), formValues(req.body, SUBMISSION)), region);
      res.redirect(303, formPages.submission.done);
    }),
    refused('submission', SUBMISSION),
  );

  // The follow-up email's link: no honeypot, as only the signed link's holder can answer.
  // Its one-click "Did you hire them?" (docs/decisions/0128-request-page-and-replies.md) posts to the same page, as `hireAnswer`.
  router.post(
    '/review/:token',
    ...webForm,
    limits.review,
    asyncHandler(async (req, res) => {
      const token = String(req.params.token);
      const hire = formValues(req.body, HIRE).hireAnswer;
      if (hire) {
        const { answer } = parseInput(hireAnswerSchema, { token, answer: hire });
        await answerHireCheck(ctx, token, answer);
        return res.redirect(303, hireAnsweredPath(token, answer));
      }
      await submitReview(
        ctx,
        parseInput(reviewSubmissionSchema, { token, ...reviewAnswersOf(formValues(req.body, REVIEW)) }),
      );
      res.redirect(303, formPages.review.done(token));
    }),
    (err: unknown, req: Request, res: Response, next: NextFunction) =>
      (formValues(req.body, HIRE).hireAnswer ? refusedHire : refusedReview)(err, req, res, next),
  );

  // A released request's "Send my request to them" link (docs/decisions/0117-lead-routing.md): the same service and limit as the API's route.
  router.post(
    '/alternatives/:token',
    ...webForm,
    limits.alternative,
    asyncHandler(async (req, res) => {
      const { token } = parseInput(alternativeTokenSchema, req.params, 'This link is not valid');
      await useAlternative(ctx, token, countyOf(res));
      res.redirect(303, alternativePage.done(token));
    }),
    refused('alternative', ALTERNATIVE),
  );

  // A request's own page (docs/decisions/0128-request-page-and-replies.md): an answer, or one of its alternatives; the same services and limit as the API's routes.
  router.post(
    '/requests/:token',
    ...webForm,
    limits.request,
    asyncHandler(async (req, res) => {
      const { token } = parseInput(requestTokenSchema, req.params, REQUEST_LINK_INVALID);
      const values = formValues(req.body, REQUEST);
      if (values.alternativeId) {
        const { alternativeId } = parseInput(requestAlternativeSchema, { token, alternativeId: values.alternativeId });
        await useAlternativeOfRequest(ctx, token, alternativeId, countyOf(res));
        return res.redirect(303, requestPage.sent(token));
      }
      const { answer } = parseInput(homeownerAnswerSchema, values);
      await answerRequest(ctx, token, countyOf(res), answer);
      res.redirect(303, requestPage.answered(token));
    }),
    refused('request', REQUEST),
  );

  // A contractor's account (docs/decisions/0108-contractor-password-reset.md): the same services and limits as the API's routes.
  const limitResetRequests = resetRequestLimit(ctx.env.RATE_LIMIT !== false);
  router.post(
    formPages.forgotPassword.path,
    ...webForm,
    asyncHandler(async (req, res) => {
      const { email } = parseInput(passwordResetRequestSchema, formValues(req.body, FORGOT));
      await limitResetRequests(req, email);
      await requestPasswordReset(ctx, { email });
      res.redirect(303, formPages.forgotPassword.done);
    }),
    refused('forgot-password', FORGOT),
  );

  router.post(
    formPages.resetPassword.path,
    ...webForm,
    limits.resetPassword,
    asyncHandler(async (req, res) => {
      const { token, password } = parseInput(passwordResetFormSchema, formValues(req.body, RESET));
      refuseCommonPassword(password);
      if (!(await resetPassword(ctx, token, password))) throw invalid(INVALID_LINK_MESSAGE);
      res.redirect(303, formPages.resetPassword.done);
    }),
    refused('reset-password', RESET_SHOWN),
  );

  router.post(
    formPages.confirmEmail.path,
    ...webForm,
    limits.confirmEmail,
    asyncHandler(async (req, res) => {
      const { token } = parseInput(emailConfirmSchema, formValues(req.body, CONFIRM));
      if (!(await confirmEmailChange(ctx, token))) throw invalid(INVALID_LINK_MESSAGE);
      res.redirect(303, formPages.confirmEmail.done);
    }),
    refused('confirm-email', CONFIRM),
  );

  // A homeowner's withdraw link (docs/decisions/0114-homeowner-privacy.md): the same service and limit as the API's route.
  router.post(
    formPages.withdraw.path,
    ...webForm,
    limits.withdraw,
    asyncHandler(async (req, res) => {
      const { token } = parseInput(withdrawSchema, formValues(req.body, WITHDRAW));
      await withdrawLead(ctx, token);
      res.redirect(303, formPages.withdraw.done);
    }),
    refused('withdraw', WITHDRAW),
  );
  return router;
}
