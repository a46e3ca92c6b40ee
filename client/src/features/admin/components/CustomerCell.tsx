import type { AdminLead } from '@shared/schemas/admin-leads';

/** A lead's customer: name, then email and phone as links. */
export function CustomerCell({ lead }: { lead: Pick<AdminLead, 'name' | 'email' | 'phone'> }) {
  return (
    <>
      <p className="font-semibold">{lead.name}</p>
      <a href={`mailto:${lead.email}`} className="block whitespace-nowrap text-xs text-primary hover:underline">
        {lead.email}
      </a>
      <a href={`tel:${lead.phone.replace(/[^\d+]/g, '')}`} className="block whitespace-nowrap text-xs text-muted-foreground hover:underline">
        {lead.phone}
      </a>
    </>
  );
}
