import { eq } from 'drizzle-orm';
import { priceLead, type PriceQuote, type PricingRuleLike, type PricingSubject } from '@shared/pricing';
import type { DbCtx } from '../context';
import { pricingRules } from '../db/schema';

export async function activeRules(ctx: DbCtx): Promise<PricingRuleLike[]> {
  return ctx.db
    .select({
      id: pricingRules.id,
      ruleType: pricingRules.ruleType,
      ruleValue: pricingRules.ruleValue,
      leadPriceCents: pricingRules.leadPriceCents,
      priority: pricingRules.priority,
      isActive: pricingRules.isActive,
      updatedAt: pricingRules.updatedAt,
    })
    .from(pricingRules)
    .where(eq(pricingRules.isActive, true));
}

/** The price of a lead for a contractor under the current rules (docs/decisions/0004-lead-prices.md). */
export async function quotePrice(ctx: DbCtx, subject: PricingSubject): Promise<PriceQuote> {
  return priceLead(await activeRules(ctx), subject);
}
