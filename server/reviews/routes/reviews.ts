import { Router } from 'express';
import {
  adminReviewsQuerySchema,
  portalReviewsQuerySchema,
  reviewHideSchema,
  reviewIdParamSchema,
  reviewReplySchema,
  reviewSubmissionSchema,
} from '@shared/schemas/reviews';
import type { AppContext } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { adminOf, contractorIdOf, forAnyone, requireContractor, requireAdmin } from '../../http/auth';
import { adminListRoute } from '../../http/admin-list';
import { parseInput, parseQuery } from '../../http/validate';
import {
  hideReview,
  listReviewsForAdmin,
  listReviewsForContractor,
  replyToReview,
  showReview,
} from '../review-moderation';
import { submitReview } from '../reviews';
import { formLimits } from '../../http/routes/form-limits';

/** Reviews (docs/decisions/0052-review-answer.md, docs/decisions/0056-review-policy.md): the homeowner's answer, the administrator's moderation, the contractor's reply. */
export function reviewRoutes(ctx: AppContext): Router {
  const router = Router();
  const idOf = (params: unknown) => parseInput(reviewIdParamSchema, params, 'Invalid review id').id;

  router.post(
    '/reviews',
    forAnyone,
    formLimits(ctx).review,
    asyncHandler(async (req, res) => {
      res.status(201).json(await submitReview(ctx, parseInput(reviewSubmissionSchema, req.body)));
    }),
  );

  router.get(
    '/admin/reviews',
    ...adminListRoute(ctx, (req) => parseQuery(adminReviewsQuerySchema, req.query), listReviewsForAdmin),
  );
  router.post(
    '/admin/reviews/:id/hide',
    requireAdmin(ctx, { owns: 'review' }),
    asyncHandler(async (req, res) => {
      const id = idOf(req.params);
      res.json(await hideReview(ctx, id, parseInput(reviewHideSchema, req.body), adminOf(req)));
    }),
  );
  router.post(
    '/admin/reviews/:id/show',
    requireAdmin(ctx, { owns: 'review' }),
    asyncHandler(async (req, res) => {
      res.json(await showReview(ctx, idOf(req.params)));
    }),
  );

  router.get(
    '/contractor/reviews',
    requireContractor(ctx),
    asyncHandler(async (req, res) => {
      res.json(
        await listReviewsForContractor(ctx, contractorIdOf(req), parseQuery(portalReviewsQuerySchema, req.query).page),
      );
    }),
  );
  router.post(
    '/contractor/reviews/:id/reply',
    requireContractor(ctx),
    asyncHandler(async (req, res) => {
      const id = idOf(req.params);
      const { reply } = parseInput(reviewReplySchema, req.body);
      res.json(await replyToReview(ctx, contractorIdOf(req), id, reply));
    }),
  );
  return router;
}
