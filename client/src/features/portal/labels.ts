import { formatMoney } from '@shared/money';
import type { Plan } from '@shared/plans';

/** The portal's wording for states the API sends as codes (shared with the admin area). */
export { PAYMENT_STATE_LABELS as PAYMENT_LABELS } from '@shared/schemas/deliveries';
export { SUBSCRIPTION_STATUS_LABELS } from '@shared/plans';

/** '$100/month'. */
export const planPrice = (plan: Pick<Plan, 'priceCents'>) =>
  `${formatMoney(plan.priceCents, { dropZeroCents: true })}/month`;

/** A delivery whose customer the contractor may see (docs/decisions/0003-leads-and-deliveries.md). */
export { isPaidOrCredited as isUnlocked } from '@shared/schemas/deliveries';
