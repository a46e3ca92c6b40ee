import { MessagesSquare } from 'lucide-react';
import { useState } from 'react';
import { LEAD_STATUS_LABELS } from '@shared/schemas/lead-status';
import type { RequestEvent } from '@shared/schemas/request-page';
import { formatDay } from '@shared/credentials';
import { QueryView } from '@/components/query-view';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { formatDateTime } from '@/lib/format';
import { useRegion } from '@/lib/region';
import type { AdminLead } from '@shared/schemas/admin-leads';
import { useLeadThread } from '../lead-thread-api';

const ANSWER_WORDS = {
  hired: 'The homeowner said they hired them.',
  still_looking: 'The homeowner said they are still looking.',
  not_contacted: 'The homeowner said the contractor never contacted them.',
} as const;

/** One step of the thread in the administrator's words. */
function eventWords(e: RequestEvent): string {
  switch (e.kind) {
    case 'sent':
      return `The homeowner sent the request to ${e.contractorName}.`;
    case 'held':
      return 'Held for an administrator.';
    case 'not-passed':
      return 'Rejected: not passed on.';
    case 'delivered':
      return e.hasDetails
        ? `Delivered to ${e.contractorName}, paid or credited: it has the details.`
        : `Delivered to ${e.contractorName}, awaiting payment.`;
    case 'released': {
      const used = e.alternatives.filter((a) => a.state === 'used').map((a) => a.contractorName);
      return `Released: ${e.contractorName} could not take it; ${e.alternatives.length} others offered${used.length ? `, sent to ${used.join(', ')}` : ''}.`;
    }
    case 'reply':
      return `${e.contractorName} replied${e.estimate ? ` (estimate: ${e.estimate})` : ''}${e.visitDate ? `, proposing a visit on ${formatDay(e.visitDate)}` : ''}:`;
    case 'called':
      return `${e.contractorName} marked that it called the homeowner.`;
    case 'marked':
      return `${e.contractorName} marked the lead ${LEAD_STATUS_LABELS[e.status]}.`;
    case 'answer':
      return ANSWER_WORDS[e.answer];
    case 'withdrawn':
      return 'The homeowner withdrew the request.';
  }
}

function Thread({ leadId }: { leadId: number }) {
  const { timeZone } = useRegion();
  const query = useLeadThread(leadId, true);
  return (
    <QueryView query={query} what="thread">
      {({ events }) => (
        <ol className="grid max-h-[60vh] gap-3 overflow-y-auto" aria-label="Thread, newest first">
          {events.map((e, i) => (
            <li key={`${e.kind}-${e.at}-${i}`} className="grid gap-1 border-l-2 border-primary/40 pl-3 text-sm">
              <time dateTime={e.at} className="text-xs text-muted-foreground">
                {formatDateTime(e.at, timeZone)}
              </time>
              <p>{eventWords(e)}</p>
              {e.kind === 'reply' && e.message && (
                <p className="whitespace-pre-wrap rounded-md bg-secondary p-2">{e.message}</p>
              )}
            </li>
          ))}
        </ol>
      )}
    </QueryView>
  );
}

/**
 * A lead's whole thread for its administrator (docs/decisions/0128-request-page-and-replies.md):
 * routing, delivery, the contractor's replies and marks, the homeowner's answers, read when opened.
 */
export function LeadThread({ lead }: { lead: AdminLead }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button type="button" size="sm" variant="ghost" onClick={() => setOpen(true)} icon={MessagesSquare}>
        Thread
      </Button>
      <DialogContent className="sm:max-w-[560px]">
        <DialogHeader>
          <DialogTitle>{`Lead #${lead.id}: ${lead.serviceNeeded}`}</DialogTitle>
          <DialogDescription>{`${lead.location}. What happened, newest first.`}</DialogDescription>
        </DialogHeader>
        {open && <Thread leadId={lead.id} />}
      </DialogContent>
    </Dialog>
  );
}
