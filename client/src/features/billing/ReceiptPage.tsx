import { Printer } from 'lucide-react';
import { Link } from 'wouter';
import { formatPrice } from '@shared/money';
import { Head } from '@/components/head';
import type { RouteInput } from '@/lib/route-input';
import { useRegion } from '@/lib/region';
import { QueryView } from '@/components/query-view';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatLongDate } from '@/lib/format';
import { useReceipt } from './api';
import { KIND_LABELS, methodLabel, statusLabel } from './labels';

/** Our printable receipt (docs/decisions/0113-self-service-billing.md): the demo provider's payments, lead credits, payments made outside the site. */
export default function ReceiptPage({ params }: RouteInput) {
  const region = useRegion();
  const entryId = params.id ?? '';
  const receipt = useReceipt(entryId);
  return (
    <>
      <Head
        title={`Receipt | ${region.siteTitle}`}
        description="A receipt for a payment, lead credit or refund."
        path={`/contractor/receipts/${entryId}`}
        robots="noindex, nofollow"
      />
      <div className="container mx-auto max-w-2xl px-4 py-10 print:p-0">
        <QueryView query={receipt} what="the receipt">
          {({ entry, contractorName }) => (
            <Card className="grid gap-6 p-6 md:p-8 print:border-0 print:shadow-none" data-testid="receipt">
              <div className="flex flex-wrap items-start justify-between gap-4">
                <div>
                  <h1 className="text-2xl font-bold">Receipt</h1>
                  <p className="text-sm text-muted-foreground">{region.siteTitle}</p>
                </div>
                <Button
                  type="button"
                  variant="outline"
                  className="print:hidden"
                  onClick={() => window.print()}
                  icon={Printer}
                >
                  Print
                </Button>
              </div>
              <dl className="grid gap-3 text-sm sm:grid-cols-[10rem_1fr]">
                <dt className="text-muted-foreground">Receipt number</dt>
                <dd className="font-medium">{entry.id.toUpperCase()}</dd>
                <dt className="text-muted-foreground">Date</dt>
                <dd>{formatLongDate(entry.date)}</dd>
                <dt className="text-muted-foreground">Billed to</dt>
                <dd>{contractorName}</dd>
                <dt className="text-muted-foreground">For</dt>
                <dd>
                  <p className="font-medium">{KIND_LABELS[entry.kind]}</p>
                  <p>{entry.description}</p>
                </dd>
                <dt className="text-muted-foreground">Method</dt>
                <dd>{methodLabel(entry.method)}</dd>
                <dt className="text-muted-foreground">Status</dt>
                <dd>{statusLabel(entry.status)}</dd>
                <dt className="text-muted-foreground">Amount</dt>
                <dd className="text-lg font-bold" data-testid="receipt-amount">
                  {formatPrice(entry.amount)}
                </dd>
              </dl>
              <Link
                href="/contractor?section=subscription"
                className="text-sm font-medium text-primary hover:underline print:hidden"
              >
                Back to the portal
              </Link>
            </Card>
          )}
        </QueryView>
      </div>
    </>
  );
}
