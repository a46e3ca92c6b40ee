import { decimalToCents, formatMoney } from '@shared/money';
import type { Plan } from '@shared/plans';

/** '$25.00' from the API's '25.00' (anything unreadable is shown as sent). */
export function money(decimal: string): string {
  const cents = decimalToCents(decimal);
  return cents === null ? decimal : formatMoney(cents);
}

/** '$45', or '$45.50' when a plan has cents. */
export const planDollars = (plan: Pick<Plan, 'priceCents'>) => (plan.priceCents % 100 === 0 ? `$${plan.priceCents / 100}` : formatMoney(plan.priceCents));

/** Where the contractor may write with questions about a payment or plan (docs/decisions.md). */
export const SUPPORT_EMAIL = 'support@sullivancountycontractors.com';

/** The notice every demo-provider screen shows (docs/decisions.md §1.6). */
export const DEMO_NOTICE = 'Demo payments: no card is charged';
