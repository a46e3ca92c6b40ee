import { AlertTriangle, ArrowRight, ChartColumn, CreditCard, Inbox, Sparkles, Trophy } from 'lucide-react';
import { Link } from 'wouter';
import { formatMoney } from '@shared/money';
import { planById } from '@shared/plans';
import type { PortalLead, PortalProfile } from '@shared/schemas/portal';
import { PlanFeatures } from '@/components/plan-features';
import { Button, LinkButton } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { QueryView } from '@/components/query-view';
import { formatLongDate, plural } from '@/lib/format';
import { StatsView } from '@/features/contractor-stats';
import { useLeads, useStats } from '../api';
import { LeadStatusBadge, PaymentBadge } from '../components/badges';
import { CardHeading, SectionHeader, UsageBar } from '../components/parts';
import { SUBSCRIPTION_STATUS_LABELS } from '../labels';
import { sectionHref } from '../sections';

export const RECENT_LEADS = 5;
export const NO_LEADS = 'No leads yet. New leads appear here as soon as they are delivered to you.';

function LowCreditWarning({ used, total, left, bonus }: { used: number; total: number; left: number; bonus: number }) {
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-lg border border-warning-foreground/25 bg-warning p-4 text-warning-foreground sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex gap-3">
        <AlertTriangle className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
        <div className="grid gap-1">
          <p className="font-semibold">{left === 0 ? "You're out of lead credits" : 'Running low on lead credits'}</p>
          <p className="text-sm">{`You've used ${used} of your ${total} monthly lead credits.`}</p>
          <p className="text-sm">
            {left > 0
              ? `${plural(left, 'credit')} left this period.`
              : bonus > 0
                ? `Your ${plural(bonus, 'bonus credit')} ${bonus === 1 ? 'is' : 'are'} used next.`
                : 'New leads wait for payment until your credits renew.'}
          </p>
        </div>
      </div>
      <LinkButton href="/contractor-pricing" size="sm" className="shrink-0 self-start sm:self-center">
        Upgrade your plan
      </LinkButton>
    </div>
  );
}

function StatCard({
  icon,
  label,
  value,
  children,
}: {
  icon: React.ReactNode;
  label: string;
  value: string;
  children?: React.ReactNode;
}) {
  return (
    <Card className="grid content-start gap-2 p-5">
      <p className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
        {icon}
        {label}
      </p>
      <p className="text-2xl font-bold">{value}</p>
      {children}
    </Card>
  );
}

function RecentLeads({ leads }: { leads: PortalLead[] }) {
  if (leads.length === 0) return <p className="px-5 pb-5 text-sm text-muted-foreground">{NO_LEADS}</p>;
  return (
    <ul className="divide-y border-t" aria-label="Recent leads">
      {leads.slice(0, RECENT_LEADS).map((l) => (
        <li
          key={l.deliveryId}
          className="flex flex-col gap-2 px-5 py-3 sm:flex-row sm:items-center sm:justify-between"
          data-testid="recent-lead"
        >
          <div className="min-w-0">
            <p className="truncate font-medium">{l.serviceNeeded}</p>
            <p className="text-sm text-muted-foreground">{`${l.location} · ${formatLongDate(l.deliveredAt)}`}</p>
          </div>
          <div className="flex shrink-0 flex-wrap gap-1.5">
            <LeadStatusBadge status={l.status} />
            <PaymentBadge state={l.paymentState} />
          </div>
        </li>
      ))}
    </ul>
  );
}

function UpgradeCard() {
  const premium = planById('premium');
  return (
    <Card
      className="grid content-start gap-4 border-primary/30 bg-gradient-to-br from-secondary to-background p-5"
      data-testid="upgrade-card"
    >
      <div className="flex items-center gap-2">
        <Sparkles className="h-5 w-5 text-primary" aria-hidden="true" />
        <h2 className="text-lg font-semibold">{`Upgrade to ${premium.name}`}</h2>
      </div>
      <p className="text-3xl font-bold">
        {formatMoney(premium.priceCents, { dropZeroCents: true })}
        <span className="text-base font-normal text-muted-foreground">/month</span>
      </p>
      <PlanFeatures features={premium.features} mark="star" />
      <Button asChild>
        <Link href="/contractor-pricing">
          Upgrade now
          <ArrowRight className="h-4 w-4" aria-hidden="true" />
        </Link>
      </Button>
    </Card>
  );
}

/** Views, quote requests, leads and what came of them, month by month (docs/decisions/0061-contractor-stats.md). */
function YourStats() {
  const stats = useStats();
  return (
    <Card>
      <CardHeading
        title="Your last 12 months"
        icon={<ChartColumn className="h-5 w-5 text-primary" aria-hidden="true" />}
      />
      <div className="px-5 pb-5">
        <QueryView query={stats} what="your figures" placeholder={{ rows: 2, className: 'h-24' }}>
          {(data) => <StatsView stats={data} caption="Your figures by month, newest first" />}
        </QueryView>
      </div>
    </Card>
  );
}

export function DashboardSection({ profile }: { profile: PortalProfile }) {
  const leads = useLeads();
  const { credits } = profile;
  const plan = planById(profile.subscriptionPlan);
  const all = leads.data ?? [];
  const won = all.filter((l) => l.status === 'won').length;
  const showUpgrade = profile.subscriptionPlan !== 'premium';

  return (
    <div className="grid gap-6">
      <SectionHeader title={`Welcome, ${profile.name}`} description="Your leads, credits and plan at a glance." />
      {credits.low && (
        <LowCreditWarning used={credits.used} total={credits.total} left={credits.left} bonus={profile.bonusCredits} />
      )}

      <div className="grid gap-4 sm:grid-cols-3">
        <Card className="grid content-start gap-2 p-5" data-testid="credits-card">
          <p className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
            <CreditCard className="h-4 w-4" aria-hidden="true" />
            Lead credits this month
          </p>
          <p className="text-2xl font-bold">
            {`${credits.used} of ${credits.total}`}
            <span className="ml-1 text-base font-normal text-muted-foreground">used</span>
          </p>
          <UsageBar used={credits.used} total={credits.total} low={credits.low} />
          <p className="text-sm text-muted-foreground">{`${credits.left} left`}</p>
          {profile.bonusCredits > 0 && (
            <p
              className="text-sm text-muted-foreground"
              data-testid="bonus-credits"
            >{`+ ${plural(profile.bonusCredits, 'bonus credit')}, never expiring`}</p>
          )}
        </Card>
        <StatCard icon={<Trophy className="h-4 w-4" aria-hidden="true" />} label="Current plan" value={plan.name}>
          <p className="text-sm text-muted-foreground">{SUBSCRIPTION_STATUS_LABELS[profile.subscriptionStatus]}</p>
          <Link
            href={sectionHref('subscription')}
            className="text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            Manage subscription
          </Link>
        </StatCard>
        <StatCard
          icon={<Inbox className="h-4 w-4" aria-hidden="true" />}
          label="Leads received"
          value={leads.data ? String(all.length) : '—'}
        >
          <p className="text-sm text-muted-foreground">{leads.data ? `${won} won` : 'Loading...'}</p>
        </StatCard>
      </div>

      <div className={showUpgrade ? 'grid items-start gap-6 lg:grid-cols-3' : 'grid gap-6'}>
        <Card className={showUpgrade ? 'lg:col-span-2' : undefined}>
          <CardHeading
            title="Recent Leads"
            icon={<Inbox className="h-5 w-5 text-primary" aria-hidden="true" />}
            aside={
              all.length > 0 && (
                <Link
                  href={sectionHref('leads')}
                  className="text-sm font-medium text-primary underline-offset-4 hover:underline"
                >
                  View all leads
                </Link>
              )
            }
          />
          <QueryView
            query={leads}
            what="recent leads"
            placeholder={{ rows: 2, className: 'h-24' }}
            frame={(state) => <div className="px-5 pb-5">{state}</div>}
          >
            {(data) => <RecentLeads leads={data} />}
          </QueryView>
        </Card>
        {showUpgrade && <UpgradeCard />}
      </div>

      <YourStats />
    </div>
  );
}
