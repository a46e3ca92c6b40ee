import { decimalToCents } from '@shared/money';
import { planById } from '@shared/plans';
import { DEFAULT_LEAD_PRICE_CENTS, type PricingRuleLike, type RuleType } from '@shared/pricing';
import type { ApprovalStatus } from '@shared/schemas/admin';
import type { Region } from '@shared/region';
import type { PricingRuleDto } from '@shared/schemas/pricing-rules';
import { serviceName } from '@shared/taxonomy';

/** Visible wording shared by the admin pages, so one state reads the same everywhere. */

export { PAYMENT_STATE_LABELS } from '@shared/schemas/deliveries';
export { SUBSCRIPTION_STATUS_LABELS as SUBSCRIPTION_LABELS } from '@shared/plans';

export const APPROVAL_LABELS: Record<ApprovalStatus, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' };

export const planName = (id: string) => planById(id).name;

export const RULE_TYPE_LABELS: Record<RuleType, string> = { global: 'Global', service: 'Service', location: 'Location', contractor: 'Contractor' };

/** What a rule applies to, in words: 'All leads', a service name, its town's label (of the rule's county) or a contractor's name. */
export function ruleValueLabel(rule: Pick<PricingRuleDto, 'ruleType' | 'ruleValue' | 'town'>, contractorNames: ReadonlyMap<number, string>, region: Region): string {
  const v = rule.ruleValue;
  switch (rule.ruleType) {
    case 'global':
      return 'All leads';
    case 'service':
      return v ? serviceName(v, region) : '—';
    case 'location':
      return rule.town?.label ?? '—';
    case 'contractor':
      return v ? (contractorNames.get(Number(v)) ?? `Contractor #${v}`) : '—';
  }
}

/** A rule as the pricing engine reads it. */
export function toEngineRule(r: PricingRuleDto): PricingRuleLike {
  return {
    id: r.id,
    ruleType: r.ruleType,
    ruleValue: r.ruleType === 'location' ? null : r.ruleValue,
    townId: r.town?.id ?? null,
    leadPriceCents: decimalToCents(r.leadPrice) ?? DEFAULT_LEAD_PRICE_CENTS,
    priority: r.priority,
    isActive: r.isActive,
    updatedAt: r.updatedAt,
  };
}

/** What the approve and reject steps say when the change was not saved and the server said nothing itself. */
export const APPROVAL_FAILED = 'Failed to update contractor status';
