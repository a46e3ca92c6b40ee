import { alternativeTokenSchema } from '@shared/schemas/alternative-choice';
import { contractorIdSchema } from '@shared/schemas/directory';
import { defineQuery, type QueryRoute } from '../../http/query-routes';
import { othersWhilePaused } from '../routing/paused-alternatives';
import { alternativeOffer } from '../routing/use-alternative';

/** Lead routing's public GETs (docs/decisions/0117-lead-routing.md), answered for the server renderer too. */
export const routingQueries: QueryRoute[] = [
  // A paused contractor's quote page offers others in place of the form.
  defineQuery('/api/contractors/:id/others', contractorIdSchema, ({ id }, ctx, freshness, county) =>
    othersWhilePaused(ctx, county, id, freshness),
  ),
  // What a "Send my request to them" link offers; its token is a secret, so its parsed input is not kept (request logs redact the path).
  defineQuery(
    '/api/alternatives/:token',
    alternativeTokenSchema,
    ({ token }, ctx, _freshness, county) => alternativeOffer(ctx, token, county),
    { keepInputs: false },
  ),
];
