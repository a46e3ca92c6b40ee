import type { BillingEntry, BillingEntryKind } from '@shared/schemas/billing';

export const KIND_LABELS: Record<BillingEntryKind, string> = {
  lead_payment: 'Lead payment',
  plan_payment: 'Plan payment',
  credit: 'Lead credit',
  refund: 'Refund',
};

const METHOD_LABELS: Record<BillingEntry['method'], string> = {
  card: 'Card',
  credit: 'Plan credit',
  offline: 'Paid outside the site',
};
const STATUS_LABELS: Record<string, string> = { succeeded: 'Completed', pending: 'Pending', failed: 'Failed' };

export const methodLabel = (m: BillingEntry['method']) => METHOD_LABELS[m];
export const statusLabel = (s: string) => STATUS_LABELS[s] ?? s;
