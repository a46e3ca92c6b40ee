import { CheckCircle2, Inbox, Send, Trophy } from 'lucide-react';
import { formatPrice } from '@shared/money';
import { useState } from 'react';
import type { AdminLead } from '@shared/schemas/admin-leads';
import { LEAD_STATUS_LABELS, LEAD_STATUSES, type LeadStatus } from '@shared/schemas/lead-status';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { leadsKey, useContractorNames, useLeads } from './api';
import { AdminList } from './components/AdminList';
import { PaymentBadge } from './components/badges';
import { CancelDeliveryControl } from './components/CancelDeliveryControl';
import { LeadCells } from './components/lead-cells';
import { DeliverControl } from './components/DeliverControl';
import { HeldLeads } from './components/HeldLeads';
import { CountyDeliveryNote } from './components/CountyDeliveryNote';
import { PageHeader } from './components/PageHeader';
import { StatCard } from './components/StatCard';
import { Td, Tr } from './components/table';
import { LeadThread } from './components/LeadThread';
import { awaitsDelivery, offeredToNoOne } from './lead-state';

const PAGE_SIZE = 20;
const COLUMNS = [
  { name: 'Customer' },
  { name: 'Service' },
  { name: 'Location' },
  { name: 'Status' },
  { name: 'How it went' },
  { name: 'Price', className: 'text-right' },
  { name: 'Created' },
  { name: 'Actions' },
];
type StatusFilter = 'all' | LeadStatus;

function DeliveryCell({ lead }: { lead: AdminLead }) {
  const d = lead.delivery;
  if (!d) return <span className="text-muted-foreground">{offeredToNoOne(lead) ?? '—'}</span>;
  return (
    <div className="grid gap-1">
      <p className="text-sm">
        <span className="text-muted-foreground">To </span>
        <span className="font-medium">{d.contractorName}</span>
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <PaymentBadge state={d.paymentState} />
        <span className="text-xs tabular-nums text-muted-foreground">{formatPrice(d.price)}</span>
      </div>
      <CancelDeliveryControl lead={lead} />
    </div>
  );
}

export default function LeadsPage() {
  const [status, setStatus] = useState<StatusFilter>('all');
  const [page, setPage] = useState(1);
  const query = useLeads(leadsKey({ status, page, pageSize: PAGE_SIZE }));
  const { contractors, loaded } = useContractorNames();
  const counts = query.data?.counts;

  return (
    <>
      <PageHeader
        title="Lead Management"
        description="Quote requests from homeowners. Deliver each new lead to one contractor."
        path="/admin/leads"
      />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard title="Total" value={counts?.total} icon={Inbox} note="All leads" loading={query.isPending} />
        <StatCard title="New" value={counts?.new} icon={Send} note="Awaiting delivery" loading={query.isPending} />
        <StatCard
          title="Delivered"
          value={counts?.delivered}
          icon={CheckCircle2}
          note="With a contractor"
          loading={query.isPending}
        />
        <StatCard title="Won" value={counts?.won} icon={Trophy} note="Became a job" loading={query.isPending} />
      </div>
      <CountyDeliveryNote />

      <HeldLeads contractors={loaded ? contractors : undefined} />

      <div className="mb-3 mt-8 flex flex-wrap items-end justify-between gap-3">
        <h2 className="text-lg font-semibold">Leads</h2>
        <div className="grid gap-1.5">
          <Label htmlFor="lead-status-filter">Status</Label>
          <Select
            value={status}
            onValueChange={(v) => {
              setStatus(v as StatusFilter);
              setPage(1);
            }}
          >
            <SelectTrigger id="lead-status-filter" className="w-44">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="all">All statuses</SelectItem>
              {LEAD_STATUSES.map((s) => (
                <SelectItem key={s} value={s}>
                  {LEAD_STATUS_LABELS[s]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>

      <AdminList
        query={query}
        what="leads"
        label="Leads"
        columns={COLUMNS}
        items={(d) => d.leads}
        itemKey={(lead) => lead.id}
        empty={status === 'all' ? 'No leads yet.' : `No ${LEAD_STATUS_LABELS[status].toLowerCase()} leads.`}
        pager={{ label: 'Lead pages', onPage: setPage }}
        row={(lead) => (
          <Tr data-testid="admin-lead-row">
            <LeadCells.Customer lead={lead} />
            <Td label="Service" className="min-w-[14rem] max-w-[20rem]">
              <p className="font-medium">{lead.serviceNeeded}</p>
              <p className="line-clamp-2 text-xs text-muted-foreground" title={lead.projectDetails}>
                {lead.projectDetails}
              </p>
              {lead.budgetRange && (
                <p className="mt-1 text-xs text-muted-foreground">{`Budget: ${lead.budgetRange}`}</p>
              )}
            </Td>
            <LeadCells.Location lead={lead} />
            <LeadCells.Status lead={lead} />
            <Td label="How it went" className="min-w-[10rem] text-sm">
              {lead.howItWent}
            </Td>
            <LeadCells.Price lead={lead} />
            <LeadCells.Date lead={lead} label="Created" />
            <Td label="Actions">
              {awaitsDelivery(lead) ? (
                <DeliverControl lead={lead} contractors={loaded ? contractors : undefined} />
              ) : (
                <DeliveryCell lead={lead} />
              )}
              <LeadThread lead={lead} />
            </Td>
          </Tr>
        )}
      />
    </>
  );
}
