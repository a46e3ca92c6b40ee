import { PauseCircle } from 'lucide-react';
import { formatPrice } from '@shared/money';
import type { AdminLead } from '@shared/schemas/admin-leads';
import { QueryView } from '@/components/query-view';
import { formatDateTime } from '@/lib/format';
import { useRegion } from '@/lib/region';
import { useHeldLeads } from '../held-leads-api';
import { DeliverControl } from './DeliverControl';
import { HeldLeadAnswer } from './HeldLeadAnswer';
import { AdminSection } from './AdminSection';

type Choices = { id: number; name: string }[] | undefined;

/** One held lead: what was asked of whom, why it waits, and the administrator's three answers. */
function HeldLead({ lead, contractors }: { lead: AdminLead; contractors: Choices }) {
  const { timeZone } = useRegion();
  return (
    <li data-testid="held-lead" className="grid gap-2 rounded-lg border bg-card p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold">{lead.name}</p>
          <p className="text-sm">{`${lead.serviceNeeded} in ${lead.location}`}</p>
          <p className="text-xs text-muted-foreground">
            {lead.requestedContractor ? `Asked for ${lead.requestedContractor.name}, ` : 'No contractor chosen, '}
            <time dateTime={lead.createdAt}>{formatDateTime(lead.createdAt, timeZone)}</time>
          </p>
        </div>
        <p className="font-semibold tabular-nums">{formatPrice(lead.leadPrice)}</p>
      </div>
      <p className="flex items-start gap-1.5 text-sm font-medium">
        <PauseCircle className="mt-0.5 h-4 w-4 shrink-0 text-primary" aria-hidden="true" />
        {lead.howItWent}
      </p>
      <p className="line-clamp-2 text-xs text-muted-foreground" title={lead.projectDetails}>
        {lead.projectDetails}
      </p>
      <div className="flex flex-wrap items-start gap-2">
        <DeliverControl lead={lead} contractors={contractors} />
        <HeldLeadAnswer lead={lead} answer="send-to-alternatives" />
        <HeldLeadAnswer lead={lead} answer="reject" />
      </div>
    </li>
  );
}

/**
 * The leads the routing held for a person (docs/decisions/0117-lead-routing.md), oldest first, at
 * the top of the lead list: each is delivered, sent to the homeowner's alternatives or rejected.
 */
export function HeldLeads({ contractors }: { contractors: Choices }) {
  const query = useHeldLeads();
  return (
    <AdminSection
      id="held-leads-heading"
      title="Held for you"
      description="Leads not delivered on their own: deliver each, send it to the homeowner's alternatives, or reject it."
      className="mt-8 grid gap-3"
    >
      <QueryView
        query={query}
        what="the held leads"
        placeholder={{ rows: 1 }}
        isEmpty={(d) => d.leads.length === 0}
        empty={<p className="text-sm text-muted-foreground">Nothing held.</p>}
      >
        {(d) => (
          <ul className="grid gap-3" aria-labelledby="held-leads-heading">
            {d.leads.map((lead) => (
              <HeldLead key={lead.id} lead={lead} contractors={contractors} />
            ))}
          </ul>
        )}
      </QueryView>
    </AdminSection>
  );
}
