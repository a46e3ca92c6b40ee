import type { AdminLead } from '@shared/schemas/admin-leads';

/**
 * A lead's customer: name, then email and phone as links. Erased details (a withdrawal or the
 * retention job, docs/decisions/0114-homeowner-privacy.md) say so instead of empty links.
 */
export function CustomerCell({ lead }: { lead: Pick<AdminLead, 'name' | 'email' | 'phone'> }) {
  if (!lead.name && !lead.email && !lead.phone)
    return <p className="text-sm italic text-muted-foreground">Contact details erased</p>;
  return (
    <>
      <p className="font-semibold">{lead.name}</p>
      {lead.email && (
        <a href={`mailto:${lead.email}`} className="block whitespace-nowrap text-xs text-primary hover:underline">
          {lead.email}
        </a>
      )}
      {lead.phone && (
        <a
          href={`tel:${lead.phone.replace(/[^\d+]/g, '')}`}
          className="block whitespace-nowrap text-xs text-muted-foreground hover:underline"
        >
          {lead.phone}
        </a>
      )}
    </>
  );
}
