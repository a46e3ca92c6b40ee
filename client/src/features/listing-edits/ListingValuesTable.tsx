import { hoursLines } from '@shared/business-hours';
import type { ListingValues } from '@shared/schemas/listing-changes';
import { cn } from '@/lib/cn';

/** The editable fields of a listing as a person reads them, one line each, for showing values side by side. */
function fieldsOf(v: ListingValues): { label: string; text: string }[] {
  return [
    { label: 'Description', text: v.description },
    { label: 'Phone', text: v.phone || 'Not given' },
    { label: 'Website', text: v.website ?? 'None' },
    { label: 'Years in business', text: v.yearsInBusiness === null ? 'Not given' : String(v.yearsInBusiness) },
    { label: 'Services', text: v.services.map((s) => s.name).join(', ') },
    { label: 'Service areas', text: v.serviceAreas.map((t) => `${t.label} (${t.county})`).join(', ') },
    {
      label: 'Business hours',
      text: hoursLines(v.businessHours)
        .map((h) => `${h.days} ${h.hours}`)
        .join('; '),
    },
  ];
}

/**
 * Two listings' values side by side (the listing now and the change proposed), a changed field
 * marked; with only `after`, the proposed values alone (the contractor's own view).
 */
export function ListingValuesTable({
  before,
  after,
  beforeLabel = 'Now',
  afterLabel = 'Proposed',
}: {
  before?: ListingValues;
  after: ListingValues;
  beforeLabel?: string;
  afterLabel?: string;
}) {
  const next = fieldsOf(after);
  const now = before ? fieldsOf(before) : null;
  return (
    <table className="w-full table-fixed border-collapse text-sm">
      <thead>
        <tr className="border-b text-left text-muted-foreground">
          <th scope="col" className="w-32 py-1.5 pr-3 font-medium">
            Field
          </th>
          {now && (
            <th scope="col" className="py-1.5 pr-3 font-medium">
              {beforeLabel}
            </th>
          )}
          <th scope="col" className="py-1.5 font-medium">
            {afterLabel}
          </th>
        </tr>
      </thead>
      <tbody>
        {next.map((f, i) => {
          const changed = now !== null && now[i]!.text !== f.text;
          return (
            <tr key={f.label} className="border-b align-top last:border-0" data-changed={changed || undefined}>
              <th scope="row" className="py-1.5 pr-3 text-left font-medium">
                {f.label}
                {changed && <span className="sr-only"> (changed)</span>}
              </th>
              {now && (
                <td className="whitespace-pre-line break-words py-1.5 pr-3 text-muted-foreground">{now[i]!.text}</td>
              )}
              <td className={cn('whitespace-pre-line break-words py-1.5', changed && 'bg-warning/10 font-medium')}>
                {f.text}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
