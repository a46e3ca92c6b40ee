/**
 * The lead pricing engine (docs/decisions/0004-lead-prices.md): a pure function of the rules and
 * what is being priced, so the admin's price matrix, lead creation and delivery all agree.
 */

export const RULE_TYPES = ['global', 'service', 'location', 'contractor'] as const;
export type RuleType = (typeof RULE_TYPES)[number];

export const DEFAULT_LEAD_PRICE_CENTS = 2500;

/** Higher is more specific; breaks ties between rules of equal priority. */
const SPECIFICITY: Record<RuleType, number> = { contractor: 3, service: 2, location: 1, global: 0 };

export interface PricingRuleLike {
  id: number;
  ruleType: RuleType;
  /** Service slug or contractor id as text; null for global and location rules. */
  ruleValue: string | null;
  /** The town of a location rule (a town id names one town of one county); null for the others. */
  townId: number | null;
  leadPriceCents: number;
  priority: number;
  isActive: boolean;
  updatedAt: Date | string;
}

export interface PricingSubject {
  /** Canonical service slugs the lead's service maps to. */
  serviceSlugs: readonly string[];
  /** The lead's town (towns.id), null when it is none of its county's towns. */
  townId: number | null;
  contractorId: number | null;
}

export interface PriceQuote {
  priceCents: number;
  ruleId: number | null;
}

export function ruleMatches(rule: PricingRuleLike, subject: PricingSubject): boolean {
  if (!rule.isActive) return false;
  switch (rule.ruleType) {
    case 'global':
      return true;
    case 'service':
      return rule.ruleValue !== null && subject.serviceSlugs.includes(rule.ruleValue);
    case 'location':
      return rule.townId !== null && subject.townId === rule.townId;
    case 'contractor':
      return (
        rule.ruleValue !== null && subject.contractorId !== null && rule.ruleValue === String(subject.contractorId)
      );
  }
}

const time = (d: Date | string) => (typeof d === 'string' ? Date.parse(d) : d.getTime());

/** Orders rules best first: priority, then specificity, then most recently updated, then id. */
export function compareRules(a: PricingRuleLike, b: PricingRuleLike): number {
  return (
    b.priority - a.priority ||
    SPECIFICITY[b.ruleType] - SPECIFICITY[a.ruleType] ||
    time(b.updatedAt) - time(a.updatedAt) ||
    b.id - a.id
  );
}

export function priceLead(rules: readonly PricingRuleLike[], subject: PricingSubject): PriceQuote {
  const best = rules.filter((r) => ruleMatches(r, subject)).sort(compareRules)[0];
  return best
    ? { priceCents: best.leadPriceCents, ruleId: best.id }
    : { priceCents: DEFAULT_LEAD_PRICE_CENTS, ruleId: null };
}
