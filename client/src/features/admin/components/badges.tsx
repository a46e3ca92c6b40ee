import { LEAD_STATUS_LABELS, type LeadStatus } from '@shared/schemas/lead-status';
import type { ApprovalStatus } from '@shared/schemas/admin';
import type { PaymentState } from '@shared/schemas/deliveries';
import { LEAD_STATUS_VARIANT, PAYMENT_STATE_VARIANT, type BadgeVariant } from '@/components/status-variants';
import { Badge } from '@/components/ui/badge';
import { APPROVAL_LABELS, PAYMENT_STATE_LABELS } from '../labels';

export function LeadStatusBadge({ status }: { status: LeadStatus }) {
  return <Badge variant={LEAD_STATUS_VARIANT[status]}>{LEAD_STATUS_LABELS[status]}</Badge>;
}

const APPROVAL_VARIANT: Record<ApprovalStatus, BadgeVariant> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'destructive',
};

export function ApprovalBadge({ status }: { status: ApprovalStatus }) {
  return <Badge variant={APPROVAL_VARIANT[status]}>{APPROVAL_LABELS[status]}</Badge>;
}

export function PaymentBadge({ state }: { state: PaymentState }) {
  return <Badge variant={PAYMENT_STATE_VARIANT[state]}>{PAYMENT_STATE_LABELS[state]}</Badge>;
}
