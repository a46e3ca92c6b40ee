import { DollarSign, ExternalLink, Inbox, MessageSquare, PhoneCall, Plus, Send, Tags, Timer } from 'lucide-react';
import { formatPrice } from '@shared/money';
import { Link } from 'wouter';
import type { AdminLead, AdminStats } from '@shared/schemas/admin-leads';
import { Button } from '@/components/ui/button';
import { QueryView } from '@/components/query-view';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/use-toast';
import { formatMinutes } from '@/lib/format';
import {
  approvedContractorsKey,
  leadsKey,
  QUICK_ADD_RULE,
  useContractorNames,
  useContractors,
  useCreateRule,
  useLeads,
  usePricingRules,
  useStats,
} from './api';
import { AdminList } from './components/AdminList';
import { PaymentBadge } from './components/badges';
import { CredentialAttention } from './components/CredentialAttention';
import { DashboardCharts } from './DashboardCharts';
import { LeadCells } from './components/lead-cells';
import { awaitsDelivery } from './lead-state';
import { ExportLinks } from './components/ExportLinks';
import { PageHeader } from './components/PageHeader';
import { RulesTable } from './components/RulesTable';
import { StatCard } from './components/StatCard';
import { Td, Tr } from './components/table';
import { planName, SUBSCRIPTION_LABELS } from './labels';
import { toastError } from '@/components/ui/toast-problem';

const RECENT_LEADS = 25;
const LEAD_COLUMNS = [
  { name: 'Date' },
  { name: 'Customer' },
  { name: 'Service' },
  { name: 'Location' },
  { name: 'Price', className: 'text-right' },
  { name: 'Status' },
  { name: 'Actions' },
];
const CONTRACTOR_COLUMNS = [
  { name: 'Contractor' },
  { name: 'Plan' },
  { name: 'Subscription' },
  { name: 'Credits used', className: 'text-right' },
  { name: 'Deliveries', className: 'text-right' },
  { name: 'Paid total', className: 'text-right' },
];

function LeadAction({ lead }: { lead: AdminLead }) {
  const d = lead.delivery;
  // The buy link names the contractor the lead was delivered to (docs/decisions/0003-leads-and-deliveries.md), never a fixed one.
  if (d?.paymentState === 'awaiting_payment') {
    return (
      <div className="grid gap-1">
        <a
          href={`/buy-lead?leadId=${lead.id}&contractorId=${d.contractorId}`}
          target="_blank"
          rel="noopener"
          className="inline-flex h-9 items-center justify-center gap-1.5 whitespace-nowrap rounded-md border border-input bg-background px-3 text-sm font-medium hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          Buy Lead
          <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
        </a>
        <span className="text-xs text-muted-foreground">{`For ${d.contractorName}`}</span>
      </div>
    );
  }
  if (awaitsDelivery(lead)) {
    return (
      <Button asChild size="sm">
        <Link href="/admin/leads">Deliver</Link>
      </Button>
    );
  }
  if (d) {
    return (
      <div className="grid justify-items-start gap-1">
        <PaymentBadge state={d.paymentState} />
        <span className="text-xs text-muted-foreground">{d.contractorName}</span>
      </div>
    );
  }
  return <span className="text-muted-foreground">—</span>;
}

function LeadsTab() {
  const query = useLeads(leadsKey({ page: 1, pageSize: RECENT_LEADS }));
  return (
    <>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">{`The ${RECENT_LEADS} newest leads.`}</p>
        <Link href="/admin/leads" className="text-sm font-medium text-primary hover:underline">
          Manage leads
        </Link>
      </div>
      <AdminList
        query={query}
        what="leads"
        label="Recent leads"
        columns={LEAD_COLUMNS}
        items={(d) => d.leads}
        itemKey={(lead) => lead.id}
        empty="No leads yet. Quote requests from homeowners appear here."
        row={(lead) => (
          <Tr data-testid="dashboard-lead-row">
            <LeadCells.Date lead={lead} label="Date" />
            <LeadCells.Customer lead={lead} />
            <Td label="Service" className="min-w-[10rem]">
              {lead.serviceNeeded}
            </Td>
            <LeadCells.Location lead={lead} />
            <LeadCells.Price lead={lead} />
            <LeadCells.Status lead={lead} />
            <Td label="Actions">
              <LeadAction lead={lead} />
            </Td>
          </Tr>
        )}
      />
    </>
  );
}

function PricingTab() {
  const rules = usePricingRules();
  const { names } = useContractorNames();
  const create = useCreateRule();
  const quickAdd = () =>
    create.mutate(QUICK_ADD_RULE, {
      onSuccess: () =>
        toast({
          title: 'Pricing Rule Created',
          description: `A global rule at ${formatPrice(QUICK_ADD_RULE.leadPrice)} with priority ${QUICK_ADD_RULE.priority} was added.`,
        }),
      onError: (e) => toastError(e, 'Failed to create pricing rule'),
    });
  return (
    <>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <Link href="/admin/pricing" className="text-sm font-medium text-primary hover:underline">
          Manage pricing and see the price matrix
        </Link>
        <Button size="sm" onClick={quickAdd} disabled={create.isPending} icon={Plus}>
          Add Pricing Rule
        </Button>
      </div>
      <RulesTable query={rules} contractorNames={names} />
    </>
  );
}

function ContractorsTab() {
  const query = useContractors(approvedContractorsKey);
  return (
    <>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">
          Approved contractors: plan, subscription, lead credits this period, deliveries and payments.
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <ExportLinks />
          <Link href="/admin/contractors" className="text-sm font-medium text-primary hover:underline">
            Manage contractors
          </Link>
        </div>
      </div>
      <AdminList
        query={query}
        what="contractors"
        label="Approved contractors"
        columns={CONTRACTOR_COLUMNS}
        items={(d) => d.contractors}
        itemKey={(c) => c.id}
        empty="No approved contractors yet."
        row={(c) => (
          <Tr>
            <Td className="min-w-[12rem]">
              <Link href={`/admin/contractors/${c.id}/billing`} className="font-semibold text-primary hover:underline">
                {c.name}
              </Link>
              <p className="text-xs text-muted-foreground">{c.location}</p>
            </Td>
            <Td label="Plan">{planName(c.subscriptionPlan)}</Td>
            <Td label="Subscription">{SUBSCRIPTION_LABELS[c.subscriptionStatus] ?? c.subscriptionStatus}</Td>
            <Td label="Credits used" className="whitespace-nowrap text-right tabular-nums">
              <span
                className={
                  c.creditsTotal > 0 && c.creditsUsed >= c.creditsTotal ? 'font-semibold text-destructive' : undefined
                }
              >{`${c.creditsUsed} / ${c.creditsTotal}`}</span>
            </Td>
            <Td label="Deliveries" className="text-right tabular-nums">
              {c.deliveries}
            </Td>
            <Td label="Paid total" className="text-right font-semibold tabular-nums">
              {formatPrice(c.paidTotal)}
            </Td>
          </Tr>
        )}
      />
    </>
  );
}

/** The median time from request to delivery this month (docs/decisions/0117-lead-routing.md), or why there is none. */
function MedianDelivery({ s }: { s?: AdminStats }) {
  const minutes = s?.medianMinutesToDelivery;
  return (
    <StatCard
      title="Median time to delivery (this month)"
      value={minutes == null ? undefined : formatMinutes(minutes)}
      icon={Timer}
      note={s && minutes === null ? 'No deliveries yet this month' : 'From quote request to contractor'}
      loading={!s}
    />
  );
}

/** The median time to the contractor's first reply this month (docs/decisions/0128-request-page-and-replies.md), or why there is none. */
function MedianReply({ s }: { s?: AdminStats }) {
  const minutes = s?.medianMinutesToReply;
  return (
    <StatCard
      title="Median time to first reply (this month)"
      value={minutes == null ? undefined : formatMinutes(minutes)}
      icon={MessageSquare}
      note={s && minutes === null ? 'No replies yet this month' : 'From the lead bought to a reply or call'}
      loading={!s}
    />
  );
}

/** The share of homeowners who said this month they were contacted (docs/decisions/0128-request-page-and-replies.md). */
function Contacted({ s }: { s?: AdminStats }) {
  const c = s?.contactedThisMonth;
  return (
    <StatCard
      title="Homeowners contacted (this month)"
      value={c ? `${Math.round((100 * c.yes) / c.of)}%` : undefined}
      icon={PhoneCall}
      note={s && !c ? 'No answers yet this month' : c ? `${c.yes} of ${c.of} who answered` : ''}
      loading={!s}
    />
  );
}

/** The figures; placeholders in their cards while they load. */
function StatCards({ s }: { s?: AdminStats }) {
  return (
    <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-4">
      <StatCard title="Total Leads" value={s?.totalLeads} icon={Inbox} note="All quote requests" loading={!s} />
      <StatCard title="New Leads" value={s?.newLeads} icon={Send} note="Awaiting delivery" loading={!s} />
      <StatCard
        title="Revenue"
        value={s ? formatPrice(s.revenuePotential) : undefined}
        icon={DollarSign}
        note="Total potential"
        loading={!s}
      />
      <StatCard title="Pricing Rules" value={s?.activePricingRules} icon={Tags} note="Active rules" loading={!s} />
      <MedianDelivery s={s} />
      <MedianReply s={s} />
      <Contacted s={s} />
    </div>
  );
}

export default function DashboardPage() {
  const stats = useStats();
  return (
    <>
      <PageHeader title="Admin Dashboard" description="Leads, prices and contractors at a glance." path="/admin" />
      <QueryView query={stats} what="the figures" loading={<StatCards />}>
        {(s) => <StatCards s={s} />}
      </QueryView>
      <CredentialAttention />
      <DashboardCharts />
      <Tabs defaultValue="leads" className="mt-8">
        <TabsList aria-label="Dashboard sections">
          <TabsTrigger value="leads">Leads</TabsTrigger>
          <TabsTrigger value="pricing">Pricing Rules</TabsTrigger>
          <TabsTrigger value="contractors">Contractors</TabsTrigger>
        </TabsList>
        <TabsContent value="leads">
          <LeadsTab />
        </TabsContent>
        <TabsContent value="pricing">
          <PricingTab />
        </TabsContent>
        <TabsContent value="contractors">
          <ContractorsTab />
        </TabsContent>
      </Tabs>
    </>
  );
}
