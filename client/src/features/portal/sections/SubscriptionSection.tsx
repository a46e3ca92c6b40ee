import { CreditCard, ExternalLink, Info } from 'lucide-react';
import { planById } from '@shared/plans';
import type { PortalSubscription } from '@shared/schemas/portal';
import { Badge } from '@/components/ui/badge';
import { PlanFeatures } from '@/components/plan-features';
import { Button, LinkButton } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { QueryView } from '@/components/query-view';
import { toast } from '@/components/ui/use-toast';
import { messageOf } from '@/lib/api';
import { formatLongDate } from '@/lib/format';
import { HistoryTable, usePayments } from '@/features/billing';
import { useOpenBillingPortal, useSubscription } from '../api';
import { CardHeading, SectionHeader, UsageBar } from '../components/parts';
import { planPrice, SUBSCRIPTION_STATUS_LABELS } from '../labels';

const GOOD = new Set(['active', 'trialing']);

/** The demo's billing page is this site's own: opened on the origin in use, so the session cookie goes with it. */
function destination(url: string): string {
  const u = new URL(url, window.location.origin);
  return u.pathname === '/demo-billing' ? `${u.pathname}${u.search}` : u.href;
}

/** Card, plan switch and cancelling at the end of the period, on the provider's own pages (docs/decisions/0113-self-service-billing.md). */
function ManageBilling() {
  const open = useOpenBillingPortal();
  const leaving = open.isPending || open.isSuccess;
  return (
    <Button
      type="button"
      disabled={leaving}
      onClick={() =>
        open.mutate(undefined, {
          onSuccess: ({ url }) => window.location.assign(destination(url)),
          onError: (error) =>
            toast({
              title: 'Error',
              description: messageOf(error, 'Failed to open billing. Please try again.'),
              variant: 'destructive',
            }),
        })
      }
      icon={ExternalLink}
    >
      {leaving ? 'Opening billing...' : 'Manage billing'}
    </Button>
  );
}

function Details({ sub }: { sub: PortalSubscription }) {
  const plan = planById(sub.plan);
  const { credits } = sub;
  return (
    <div className="grid items-start gap-6 lg:grid-cols-3">
      <Card className="lg:col-span-2" data-testid="subscription-card">
        <CardHeading
          icon={<CreditCard className="h-5 w-5 text-primary" aria-hidden="true" />}
          title="Current plan"
          aside={sub.featured ? <Badge variant="warning">Featured listing</Badge> : undefined}
        />
        <div className="grid gap-5 px-5 pb-5">
          <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <p className="text-3xl font-bold">{sub.planName}</p>
            <p className="text-muted-foreground">{planPrice(plan)}</p>
          </div>
          <dl className="grid gap-4 text-sm sm:grid-cols-2">
            <div className="grid gap-1">
              <dt className="text-muted-foreground">Status</dt>
              <dd>
                <Badge variant={GOOD.has(sub.status) ? 'success' : sub.status === 'none' ? 'secondary' : 'warning'}>
                  {SUBSCRIPTION_STATUS_LABELS[sub.status]}
                </Badge>
              </dd>
            </div>
            {sub.currentPeriodEnd && (
              <div className="grid gap-1">
                <dt className="text-muted-foreground">{sub.cancelAtPeriodEnd ? 'Ends on' : 'Current period ends'}</dt>
                <dd className="font-medium">{formatLongDate(sub.currentPeriodEnd)}</dd>
              </div>
            )}
            <div className="grid gap-1">
              <dt className="text-muted-foreground">Lead credits used</dt>
              <dd className="font-medium">{`${credits.used} of ${credits.total}`}</dd>
            </div>
            <div className="grid gap-1">
              <dt className="text-muted-foreground">Lead credits left</dt>
              <dd className="font-medium">{credits.left}</dd>
            </div>
            {sub.bonusCredits > 0 && (
              <div className="grid gap-1" data-testid="bonus-credits">
                <dt className="text-muted-foreground">Bonus credits</dt>
                <dd className="font-medium">
                  {sub.bonusCredits}{' '}
                  <span className="font-normal text-muted-foreground">
                    (never expire; used after your plan&apos;s credits)
                  </span>
                </dd>
              </div>
            )}
          </dl>
          <div className="grid gap-1.5">
            <UsageBar used={credits.used} total={credits.total} low={credits.low} />
            <p className="text-xs text-muted-foreground">{`Credits for this period started ${formatLongDate(sub.creditsPeriodStart)}. Leads beyond your credits can be bought one at a time.`}</p>
          </div>
          {sub.cancelAtPeriodEnd && (
            <p
              role="note"
              className="flex gap-2 rounded-md border border-warning-foreground/25 bg-warning p-3 text-sm text-warning-foreground"
            >
              <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
              {sub.currentPeriodEnd
                ? `Your ${sub.planName} plan is set to cancel and will end on ${formatLongDate(sub.currentPeriodEnd)}. After that you move to the Free plan.`
                : `Your ${sub.planName} plan is set to cancel at the end of the current period. After that you move to the Free plan.`}
            </p>
          )}
          {sub.status === 'past_due' && (
            <p
              role="note"
              className="flex gap-2 rounded-md border border-destructive/30 bg-destructive/10 p-3 text-sm text-destructive"
            >
              <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
              Your last payment did not go through. Please update your payment method to keep your plan.
            </p>
          )}
        </div>
      </Card>
      <Card>
        <CardHeading title={`What's in ${plan.name}`} />
        <div className="grid gap-4 px-5 pb-5">
          <PlanFeatures features={plan.features} />
          {sub.canManageBilling && <ManageBilling />}
          {sub.canManageBilling && (
            <p className="text-xs text-muted-foreground">
              Update your card, switch plan or cancel at the end of the period.
            </p>
          )}
          <LinkButton href="/contractor-pricing" variant="outline">
            Compare plans
          </LinkButton>
        </div>
      </Card>
    </div>
  );
}

/** Every payment, credit and refund with its receipt (docs/decisions/0113-self-service-billing.md). */
function PaymentHistory() {
  const payments = usePayments();
  return (
    // min-w-0: a grid item would otherwise grow to the table's width on a phone instead of scrolling it.
    <Card className="min-w-0">
      <CardHeading title="Payment history" />
      <div className="px-5 pb-5">
        <QueryView query={payments} what="your payment history">
          {(entries) => (
            <HistoryTable entries={entries} receipts caption="Your payments, lead credits and refunds, newest first" />
          )}
        </QueryView>
      </div>
    </Card>
  );
}

export function SubscriptionSection() {
  const sub = useSubscription();
  return (
    <div className="grid gap-6">
      <SectionHeader title="Subscription" description="Your plan, its status and this period's lead credits." />
      <QueryView query={sub} what="your subscription" placeholder={{ rows: 2, className: 'h-24' }}>
        {(data) => <Details sub={data} />}
      </QueryView>
      <PaymentHistory />
    </div>
  );
}
