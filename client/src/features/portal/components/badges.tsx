import { LEAD_STATUS_LABELS, type LeadStatus } from '@shared/schemas/lead-status';
import type { PaymentState } from '@shared/schemas/deliveries';
import { LEAD_STATUS_VARIANT, PAYMENT_STATE_VARIANT } from '@/components/status-variants';
import { Badge } from '@/components/ui/badge';
import { PAYMENT_LABELS } from '../labels';

export function LeadStatusBadge({ status }: { status: LeadStatus }) {
  return (
    <Badge variant={LEAD_STATUS_VARIANT[status]} data-testid="lead-status">
      <span className="sr-only">Status: </span>
      {LEAD_STATUS_LABELS[status]}
    </Badge>
  );
}

export function PaymentBadge({ state }: { state: PaymentState }) {
  return (
    <Badge variant={PAYMENT_STATE_VARIANT[state]} data-testid="payment-state">
      <span className="sr-only">Payment: </span>
      {PAYMENT_LABELS[state]}
    </Badge>
  );
}
