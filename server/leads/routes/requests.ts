import { Router } from 'express';
import { alternativeSentMessage } from '@shared/schemas/lead-alternatives';
import { homeownerAnswerSchema, requestAlternativeSchema, requestTokenSchema } from '@shared/schemas/request-answer';
import { REQUEST_LINK_INVALID } from '@shared/schemas/request-page';
import type { AppContext } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { forAnyone } from '../../http/auth';
import { countyOf } from '../../http/county-site';
import { defineQuery, type QueryRoute } from '../../http/query-routes';
import { parseInput } from '../../http/validate';
import { formLimits } from '../../http/routes/form-limits';
import { useAlternativeOfRequest } from '../routing/use-alternative';
import { answerRequest } from '../requests/homeowner-answer';
import { requestPageOf } from '../requests/request-page';
import { answerHireCheck } from '../requests/hire-check';
import { hireAnswerSchema } from '@shared/schemas/reviews';

/** A request's own page (docs/decisions/0128-request-page-and-replies.md); its token is a secret, so its parsed input is not kept (request logs redact the path). */
export const requestQueries: QueryRoute[] = [
  defineQuery(
    '/api/requests/:token',
    requestTokenSchema,
    ({ token }, ctx, _freshness, county) => requestPageOf(ctx, token, county),
    { keepInputs: false },
  ),
];

/** The page's answers and its alternatives' one-click send, with JavaScript; the page's web forms share their limit. */
export function requestRoutes(ctx: AppContext): Router {
  const router = Router();
  const limit = formLimits(ctx).request;
  router.post(
    '/requests/:token/answer',
    forAnyone,
    limit,
    asyncHandler(async (req, res) => {
      const { token } = parseInput(requestTokenSchema, req.params, REQUEST_LINK_INVALID);
      const { answer } = parseInput(homeownerAnswerSchema, req.body);
      await answerRequest(ctx, token, countyOf(res), answer);
      res.status(204).end();
    }),
  );
  router.post(
    '/requests/:token/alternatives/:alternativeId',
    forAnyone,
    limit,
    asyncHandler(async (req, res) => {
      const { token, alternativeId } = parseInput(requestAlternativeSchema, req.params, REQUEST_LINK_INVALID);
      const sent = await useAlternativeOfRequest(ctx, token, alternativeId, countyOf(res));
      res.status(201).json({ leadId: sent.leadId, message: alternativeSentMessage(sent.contractorName) });
    }),
  );
  // The follow-up email's one-click answer (its page's web form posts to /review/{token}); limited like the review form.
  router.post(
    '/reviews/hire-answer',
    forAnyone,
    formLimits(ctx).review,
    asyncHandler(async (req, res) => {
      const { token, answer } = parseInput(hireAnswerSchema, req.body);
      await answerHireCheck(ctx, token, answer);
      res.status(204).end();
    }),
  );
  return router;
}
