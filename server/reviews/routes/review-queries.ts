import { reviewInvitationQuerySchema, reviewsPageQuerySchema } from '@shared/schemas/reviews';
import { defineQuery, type QueryRoute } from '../../http/query-routes';
import { contractorReviews, reviewInvitation } from '../reviews';

/** The reviews' public GETs (docs/decisions/0054-reviews-on-the-profile.md): a profile's reviews, and what the review page says about its link. */
export const reviewQueries: QueryRoute[] = [
  defineQuery('/api/contractors/:id/reviews', reviewsPageQuerySchema, ({ id, page }, ctx, freshness, county) =>
    contractorReviews(ctx, county, id, page, freshness),
  ),
  // The token is a query parameter so request logs leave it out (as they do every *token* parameter);
  // for the same reason its parsed input is not kept (QueryRoute.keepsInputs).
  defineQuery(
    '/api/reviews/invitation',
    reviewInvitationQuerySchema,
    ({ token }, ctx) => reviewInvitation(ctx, token),
    { keepInputs: false },
  ),
];
