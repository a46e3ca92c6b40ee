import { and, eq, isNull, or } from 'drizzle-orm';
import { priceLead, type PriceQuote, type PricingRuleLike, type PricingSubject } from '@shared/pricing';
import type { DbCtx } from '../../context';
import { pricingRules } from '../../db/schema';
import { countyIdOfSlug } from '../../counties/county-id';

/** The active rules for a county's leads: its own and the platform defaults (docs/decisions/0103-county-administrators.md). */
export async function activeRules(ctx: DbCtx, county: number | string): Promise<PricingRuleLike[]> {
  const regionId = typeof county === 'number' ? county : countyIdOfSlug(county);
  return ctx.db
    .select({
      id: pricingRules.id,
      ruleType: pricingRules.ruleType,
      ruleValue: pricingRules.ruleValue,
      townId: pricingRules.townId,
      leadPriceCents: pricingRules.leadPriceCents,
      priority: pricingRules.priority,
      isActive: pricingRules.isActive,
      updatedAt: pricingRules.updatedAt,
    })
    .from(pricingRules)
    .where(
      and(eq(pricingRules.isActive, true), or(isNull(pricingRules.regionId), eq(pricingRules.regionId, regionId))),
    );
}

/** The price of a lead for a contractor under the current rules (docs/decisions/0004-lead-prices.md). */
export async function quotePrice(ctx: DbCtx, county: number | string, subject: PricingSubject): Promise<PriceQuote> {
  return priceLead(await activeRules(ctx, county), subject);
}
