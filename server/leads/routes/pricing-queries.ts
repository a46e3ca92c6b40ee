import { leadPricesQuerySchema } from '@shared/schemas/lead-prices';
import { defineQuery, type QueryRoute } from '../../http/query-routes';
import { leadPriceTable } from '../pricing/price-table';

/** The lead prices in the open, on the public plans page (docs/decisions/0062-lead-prices-in-the-open.md). */
export const pricingQueries: QueryRoute[] = [
  defineQuery('/api/lead-prices', leadPricesQuerySchema, (_input, ctx, freshness, county) =>
    leadPriceTable(ctx, county, freshness),
  ),
];
