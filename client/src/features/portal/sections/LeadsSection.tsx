import { Inbox } from 'lucide-react';
import type { PortalProfile } from '@shared/schemas/portal';
import { EmptyState, QueryView } from '@/components/query-view';
import { useLeads } from '../api';
import { LeadCard } from '../components/LeadCard';
import { SectionHeader } from '../components/parts';
import { plural } from '@/lib/format';
import { isUnlocked } from '../labels';
import { NO_LEADS } from './DashboardSection';
import { IconCircle } from '@/components/ui/icon-circle';

export function LeadsSection({ profile }: { profile: PortalProfile }) {
  const leads = useLeads();
  const list = leads.data ?? [];
  const waiting = list.filter((l) => l.paymentState === 'awaiting_payment').length;
  const open = list.filter((l) => isUnlocked(l.paymentState)).length;

  let summary = 'Every lead delivered to you, newest first.';
  if (leads.data && list.length > 0) {
    summary = `${plural(list.length, 'lead')}: ${open} with customer details${waiting ? `, ${waiting} awaiting payment` : ''}.`;
  }

  return (
    <div className="grid gap-6">
      <SectionHeader title="My Leads" description={summary} />
      <QueryView
        query={leads}
        what="your leads"
        empty={
          <EmptyState icon={<IconCircle icon={Inbox} />}>
            <p className="max-w-sm">{NO_LEADS}</p>
          </EmptyState>
        }
      >
        {(data) => (
          <ul className="grid gap-4" aria-label="Leads">
            {data.map((lead) => (
              <li key={lead.deliveryId}>
                <LeadCard lead={lead} contractorId={profile.id} />
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </div>
  );
}
