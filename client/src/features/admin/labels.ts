import { decimalToCents } from '@shared/money';
import { planById } from '@shared/plans';
import { DEFAULT_LEAD_PRICE_CENTS, type PricingRuleLike, type RuleType } from '@shared/pricing';
import type { ApprovalStatus } from '@shared/schemas/admin';
import type { LeadDeliveryMode } from '@shared/schemas/lead-routing';
import type { Region } from '@shared/region';
import type { PricingRuleDto } from '@shared/schemas/pricing-rules';
import { serviceName } from '@shared/taxonomy';
import { plural } from '@/lib/format';

/** Visible wording shared by the admin pages, so one state reads the same everywhere. */

export { PAYMENT_STATE_LABELS } from '@shared/schemas/deliveries';
export { SUBSCRIPTION_STATUS_LABELS as SUBSCRIPTION_LABELS } from '@shared/plans';

export const APPROVAL_LABELS: Record<ApprovalStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};

export const planName = (id: string) => planById(id).name;

export const RULE_TYPE_LABELS: Record<RuleType, string> = {
  global: 'Global',
  service: 'Service',
  location: 'Location',
  contractor: 'Contractor',
};

/** What a rule applies to, in words: 'All leads', a service name, its town's label (of the rule's county) or a contractor's name. */
export function ruleValueLabel(
  rule: Pick<PricingRuleDto, 'ruleType' | 'ruleValue' | 'town'>,
  contractorNames: ReadonlyMap<number, string>,
  region: Region,
): string {
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

/** A county's lead delivery (docs/decisions/0117-lead-routing.md), named and explained. */
export const LEAD_DELIVERY_LABELS: Record<LeadDeliveryMode, { name: string; about: string }> = {
  automatic: { name: 'Automatic', about: 'Leads that pass the checks go to the chosen contractor at once.' },
  manual: { name: 'Manual', about: 'Every lead is held for an administrator to deliver.' },
};

/** How long a delivery may wait for a payment or a credit before the lead is released. */
export const releaseAfterText = (hours: number) => `Unpaid deliveries are released after ${plural(hours, 'hour')}.`;
