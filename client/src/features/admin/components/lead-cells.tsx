import { formatPrice } from '@shared/money';
import type { AdminLead } from '@shared/schemas/admin-leads';
import { formatDateTime, formatShortDate } from '@/lib/format';
import { useRegion } from '@/lib/region';
import { LeadStatusBadge } from './badges';
import { CustomerCell } from './CustomerCell';
import { Td } from './table';

/** A day in an admin table: the short date, with the time in the county's zone on hover. */
export function ShortTime({ at }: { at: string }) {
  const { timeZone } = useRegion();
  return (
    <time dateTime={at} title={formatDateTime(at, timeZone)}>
      {formatShortDate(at)}
    </time>
  );
}

/** The cells a lead's row shows the same way on the dashboard and on the Leads page. */
export const LeadCells = {
  Date: ({ lead, label }: { lead: AdminLead; label: string }) => (
    <Td label={label} className="whitespace-nowrap">
      <ShortTime at={lead.createdAt} />
    </Td>
  ),
  Customer: ({ lead }: { lead: AdminLead }) => (
    <Td className="min-w-[12rem]">
      <CustomerCell lead={lead} />
    </Td>
  ),
  Location: ({ lead }: { lead: AdminLead }) => (
    <Td label="Location" className="whitespace-nowrap">
      {lead.location}
    </Td>
  ),
  Status: ({ lead }: { lead: AdminLead }) => (
    <Td label="Status">
      <LeadStatusBadge status={lead.status} />
    </Td>
  ),
  Price: ({ lead }: { lead: AdminLead }) => (
    <Td label="Price" className="text-right font-semibold tabular-nums">
      {formatPrice(lead.leadPrice)}
    </Td>
  ),
};
