import { SUBSCRIPTION_STATUS_LABELS } from '@shared/plans';
import type { RouteInput } from '@/lib/route-input';
import { QueryView } from '@/components/query-view';
import { Card } from '@/components/ui/card';
import { HistoryTable } from '@/features/billing';
import { StatsView } from '@/features/contractor-stats';
import { formatLongDate } from '@/lib/format';
import { useContractorBilling } from './billing-api';
import { BackToContractors, CONTRACTORS_PATH, contractorIdOf } from './components/ContractorSubpage';
import { ExportLinks } from './components/ExportLinks';
import { PageHeader } from './components/PageHeader';

/**
 * The specification's "Contractors" tab placeholder, filled (docs/decisions/0113-self-service-billing.md):
 * subscription status, lead credits, payment history and performance, with the bookkeeper's CSV files.
 */
export default function ContractorBillingPage({ params }: RouteInput) {
  const id = contractorIdOf(params.id);
  const billing = useContractorBilling(id);
  return (
    <>
      <PageHeader
        title={billing.data ? `Billing: ${billing.data.name}` : 'Contractor Billing'}
        description="Subscription status, lead credits, payment history and performance."
        path={`${CONTRACTORS_PATH}/${params.id ?? ''}/billing`}
        actions={
          <div className="flex flex-wrap gap-2">
            <ExportLinks contractorId={id} />
            <BackToContractors />
          </div>
        }
      />
      <QueryView query={billing} what="the billing">
        {(data) => {
          const sub = data.subscription;
          return (
            <div className="grid gap-6">
              <Card className="p-5" data-testid="admin-subscription">
                <h2 className="mb-3 text-lg font-semibold">Subscription and lead credits</h2>
                <dl className="grid gap-3 text-sm sm:grid-cols-4">
                  <div>
                    <dt className="text-muted-foreground">Plan</dt>
                    <dd className="font-medium">{sub.planName}</dd>
                  </div>
                  <div>
                    <dt className="text-muted-foreground">Subscription status</dt>
                    <dd className="font-medium">
                      {SUBSCRIPTION_STATUS_LABELS[sub.status]}
                      {sub.cancelAtPeriodEnd && sub.currentPeriodEnd
                        ? `, ends ${formatLongDate(sub.currentPeriodEnd)}`
                        : ''}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-muted-foreground">Lead credits this period</dt>
                    <dd className="font-medium">{`${sub.credits.used} of ${sub.credits.total} used, ${sub.credits.left} left`}</dd>
                  </div>
                  <div>
                    <dt className="text-muted-foreground">Bonus credits</dt>
                    <dd className="font-medium">{sub.bonusCredits}</dd>
                  </div>
                </dl>
              </Card>
              <Card className="min-w-0 p-5">
                <h2 className="mb-3 text-lg font-semibold">Payment history</h2>
                <HistoryTable
                  entries={data.history}
                  receipts={false}
                  caption={`${data.name}: payments, lead credits and refunds, newest first`}
                />
              </Card>
              <section className="grid gap-3">
                <h2 className="text-lg font-semibold">Performance</h2>
                <StatsView stats={data.stats} caption={`${data.name}: figures by month, newest first`} />
              </section>
            </div>
          );
        }}
      </QueryView>
    </>
  );
}
