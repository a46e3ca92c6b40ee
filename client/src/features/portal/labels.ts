import { decimalToCents, formatMoney } from '@shared/money';
import type { Plan } from '@shared/plans';

/** The portal's wording for states the API sends as codes (shared with the admin area). */
export { PAYMENT_STATE_LABELS as PAYMENT_LABELS } from '@shared/schemas/deliveries';
export { SUBSCRIPTION_STATUS_LABELS } from '@shared/plans';

/** '$25.00' from the API's '25.00'. */
export function price(decimal: string): string {
  const cents = decimalToCents(decimal);
  return cents === null ? decimal : formatMoney(cents);
}

/** '$100', without cents when there are none. */
export const dollars = (plan: Pick<Plan, 'priceCents'>) => (plan.priceCents % 100 === 0 ? `$${plan.priceCents / 100}` : formatMoney(plan.priceCents));

/** '$100/month'. */
export const planPrice = (plan: Pick<Plan, 'priceCents'>) => `${dollars(plan)}/month`;

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** A delivery whose customer the contractor may see (docs/decisions.md §1.3). */
export { isPaidOrCredited as isUnlocked } from '@shared/schemas/deliveries';
