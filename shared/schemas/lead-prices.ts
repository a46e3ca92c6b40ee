import { z } from 'zod';

/** GET /api/lead-prices takes no parameters. */
export const leadPricesQuerySchema = z.object({});

/**
 * GET /api/lead-prices: what a lead costs now for each service a homeowner can ask for, in each
 * town (docs/decisions/0062-lead-prices-in-the-open.md), worked out by the pricing engine from the
 * active rules. Prices a rule sets for one contractor are not in it: they are that contractor's.
 */
export interface LeadPriceTable {
  /** Every town, then `slug: null` for a place that is none of them. */
  towns: { slug: string | null; label: string }[];
  /** One row per service of the quote form; `prices[i]` ('25.00') is the price in `towns[i]`. */
  services: { value: string; label: string; prices: string[] }[];
  /** When a pricing rule last changed (ISO); null with no rules, when every lead costs the default. */
  rulesChangedAt: string | null;
}
