import type { LeadStatus } from '@shared/schemas/lead-status';
import type { PaymentState } from '@shared/schemas/deliveries';
import type { Badge } from '@/components/ui/badge';

export type BadgeVariant = Parameters<typeof Badge>[0]['variant'];

/** A lead's status as a badge's colour: the same in the admin's lists and the contractor's portal. */
export const LEAD_STATUS_VARIANT: Record<LeadStatus, BadgeVariant> = {
  new: 'default',
  delivered: 'secondary',
  contacted: 'warning',
  won: 'success',
  lost: 'outline',
};

/** A delivery's payment state as a badge's colour, in both places too. */
export const PAYMENT_STATE_VARIANT: Record<PaymentState, BadgeVariant> = {
  awaiting_payment: 'warning',
  paid: 'success',
  credited: 'success',
  cancelled: 'outline',
};
