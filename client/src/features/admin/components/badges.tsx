import { LEAD_STATUS_LABELS, type LeadStatus } from '@shared/schemas/lead-status';
import type { ApprovalStatus } from '@shared/schemas/admin';
import type { PaymentState } from '@shared/schemas/deliveries';
import { Badge } from '@/components/ui/badge';
import { APPROVAL_LABELS, PAYMENT_STATE_LABELS } from '../labels';

const LEAD_VARIANT: Record<LeadStatus, Parameters<typeof Badge>[0]['variant']> = {
  new: 'default',
  delivered: 'secondary',
  contacted: 'warning',
  won: 'success',
  lost: 'outline',
};

export function LeadStatusBadge({ status }: { status: LeadStatus }) {
  return <Badge variant={LEAD_VARIANT[status]}>{LEAD_STATUS_LABELS[status]}</Badge>;
}

const APPROVAL_VARIANT: Record<ApprovalStatus, Parameters<typeof Badge>[0]['variant']> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'destructive',
};

export function ApprovalBadge({ status }: { status: ApprovalStatus }) {
  return <Badge variant={APPROVAL_VARIANT[status]}>{APPROVAL_LABELS[status]}</Badge>;
}

const PAYMENT_VARIANT: Record<PaymentState, Parameters<typeof Badge>[0]['variant']> = {
  awaiting_payment: 'warning',
  paid: 'success',
  credited: 'success',
  cancelled: 'outline',
};

export function PaymentBadge({ state }: { state: PaymentState }) {
  return <Badge variant={PAYMENT_VARIANT[state]}>{PAYMENT_STATE_LABELS[state]}</Badge>;
}
