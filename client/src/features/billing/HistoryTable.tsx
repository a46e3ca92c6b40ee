import { formatPrice } from '@shared/money';
import type { BillingEntry } from '@shared/schemas/billing';
import { formatShortDate } from '@/lib/format';
import { KIND_LABELS, methodLabel, statusLabel } from './labels';

/** The table's columns; a phone leaves out the method. */
const COLUMNS: { label: string; className?: string }[] = [
  { label: 'Date' },
  { label: 'What' },
  { label: 'Method', className: 'max-sm:hidden' },
  { label: 'Status' },
  { label: 'Amount', className: 'text-right' },
];

/**
 * Every payment, lead credit and refund, newest first (docs/decisions/0113-self-service-billing.md).
 * `receipts`: the contractor's own view links each receipt (the provider's, or our printable page).
 */
export function HistoryTable({
  entries,
  receipts,
  caption,
}: {
  entries: BillingEntry[];
  receipts: boolean;
  caption: string;
}) {
  if (entries.length === 0)
    return <p className="text-sm text-muted-foreground">No payments, credits or refunds yet.</p>;
  return (
    <div className="overflow-x-auto" role="region" aria-label={caption} tabIndex={0}>
      <table className="w-full border-collapse text-sm" data-testid="payment-history">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b text-left text-xs uppercase tracking-wide text-muted-foreground">
            {COLUMNS.map((c) => (
              <th key={c.label} scope="col" className={`py-2 pr-3 ${c.className ?? ''}`}>
                {c.label}
              </th>
            ))}
            {receipts && (
              <th scope="col" className="py-2">
                <span className="sr-only">Receipt</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.id} className="border-b last:border-0" data-testid="payment-entry">
              <td className="whitespace-nowrap py-2 pr-3">{formatShortDate(e.date)}</td>
              <td className="py-2 pr-3">
                <p className="font-medium">{KIND_LABELS[e.kind]}</p>
                <p className="text-xs text-muted-foreground">{e.description}</p>
              </td>
              <td className="py-2 pr-3 max-sm:hidden">{methodLabel(e.method)}</td>
              <td className="py-2 pr-3">{statusLabel(e.status)}</td>
              <td className="whitespace-nowrap py-2 pr-3 text-right tabular-nums">
                {e.kind === 'refund' && e.amount !== '0.00' ? `-${formatPrice(e.amount)}` : formatPrice(e.amount)}
              </td>
              {receipts && (
                <td className="py-2 text-right">
                  <a
                    href={e.receiptPath}
                    className="font-medium text-primary hover:underline"
                    aria-label={`Receipt for ${KIND_LABELS[e.kind].toLowerCase()} on ${formatShortDate(e.date)}`}
                  >
                    Receipt
                  </a>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
