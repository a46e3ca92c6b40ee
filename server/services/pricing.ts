import { eq } from 'drizzle-orm';
import { priceLead, type PriceQuote, type PricingRuleLike, type PricingSubject } from '@shared/pricing';
import type { Executor } from '../db/client';
import { pricingRules } from '../db/schema';

export async function activeRules(db: Executor): Promise<PricingRuleLike[]> {
  return db
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
export async function quotePrice(db: Executor, subject: PricingSubject): Promise<PriceQuote> {
  return priceLead(await activeRules(db), subject);
}
