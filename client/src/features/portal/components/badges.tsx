import { LEAD_STATUS_LABELS, type LeadStatus } from '@shared/schemas/lead-status';
import type { PaymentState } from '@shared/schemas/deliveries';
import { Badge } from '@/components/ui/badge';
import { PAYMENT_LABELS } from '../labels';

type Variant = Parameters<typeof Badge>[0]['variant'];

const STATUS_VARIANT: Record<LeadStatus, Variant> = {
  new: 'default',
  delivered: 'secondary',
  contacted: 'warning',
  won: 'success',
  lost: 'outline',
};

export function LeadStatusBadge({ status }: { status: LeadStatus }) {
  return (
    <Badge variant={STATUS_VARIANT[status]} data-testid="lead-status">
      <span className="sr-only">Status: </span>
      {LEAD_STATUS_LABELS[status]}
    </Badge>
  );
}

const PAYMENT_VARIANT: Record<PaymentState, Variant> = {
  awaiting_payment: 'warning',
  paid: 'success',
  credited: 'success',
  cancelled: 'outline',
};

export function PaymentBadge({ state }: { state: PaymentState }) {
  return (
    <Badge variant={PAYMENT_VARIANT[state]} data-testid="payment-state">
      <span className="sr-only">Payment: </span>
      {PAYMENT_LABELS[state]}
    </Badge>
  );
}
