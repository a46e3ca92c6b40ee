import { z } from 'zod';
import type { LeadStatus } from './lead-status';

export const PAYMENT_STATES = ['awaiting_payment', 'paid', 'credited', 'cancelled'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/**
 * The states in which the contractor has the lead, paid by card or taken from a plan credit: only
 * then does it see the customer, may it record the outcome or claim the lead, and may the
 * homeowner review it (docs/decisions/0003-leads-and-deliveries.md). The one statement of that
 * rule.
 */
export const PAID_OR_CREDITED = ['paid', 'credited'] as const satisfies readonly PaymentState[];
export const isPaidOrCredited = (state: PaymentState): state is (typeof PAID_OR_CREDITED)[number] =>
  state === 'paid' || state === 'credited';

/** One wording for payment states everywhere (admin, portal, emails). */
export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  awaiting_payment: 'Awaiting payment',
  paid: 'Paid',
  credited: 'Paid with credit',
  cancelled: 'Cancelled',
};

/** POST /api/lead-deliveries */
export const deliverySchema = z.object({
  leadId: z.coerce
    .number({ error: 'Choose a lead' })
    .int('Choose a lead')
    .positive('Choose a lead')
    .max(2_147_483_647, 'Choose a lead'),
  contractorId: z.coerce
    .number({ error: 'Select a contractor' })
    .int('Select a contractor')
    .positive('Select a contractor')
    .max(2_147_483_647, 'Select a contractor'),
});

export interface DeliveryDto {
  id: number;
  leadId: number;
  contractorId: number;
  contractorName: string;
  price: string;
  paymentState: PaymentState;
  leadStatus: LeadStatus;
  serviceNeeded: string;
  location: string;
  createdAt: string;
  paidAt: string | null;
  creditedAt: string | null;
}
