import { Ban, Forward } from 'lucide-react';
import { useState } from 'react';
import type { AdminLead } from '@shared/schemas/admin-leads';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { useAnswerHeldLead, type HeldLeadAnswer as Answer } from '../held-leads-api';
import { toastError } from '@/components/ui/toast-problem';

/** The words of each answer: its button, the question it asks first, and what the notice says after. */
const ANSWERS: Record<
  Answer,
  {
    button: string;
    title: string;
    ask: (lead: AdminLead) => string;
    pending: string;
    done: string;
    told: (lead: AdminLead) => string;
    failed: string;
  }
> = {
  'send-to-alternatives': {
    button: 'Send to alternatives',
    title: 'Send to Alternatives',
    ask: (lead) =>
      `Release the lead from ${lead.name}? Nothing is charged. ${lead.name} gets one email naming up to three other contractors who take this work, and chooses; nothing goes to a contractor the homeowner does not pick.`,
    pending: 'Sending...',
    done: 'Sent to Alternatives',
    told: (lead) => `${lead.name} is emailed other contractors to choose from.`,
    failed: 'Failed to send the lead on',
  },
  reject: {
    button: 'Reject',
    title: 'Reject Lead',
    ask: (lead) =>
      `Reject the lead from ${lead.name}? It goes to no contractor and no one is emailed. Use it for spam and duplicates.`,
    pending: 'Rejecting...',
    done: 'Lead Rejected',
    told: (lead) => `The lead from ${lead.name} goes to no contractor.`,
    failed: 'Failed to reject the lead',
  },
};

/**
 * An administrator's answer to a held lead besides delivering it (docs/decisions/0117-lead-routing.md),
 * asked first: sending it on emails the homeowner, and neither can be undone.
 */
export function HeldLeadAnswer({ lead, answer }: { lead: AdminLead; answer: Answer }) {
  const [open, setOpen] = useState(false);
  const send = useAnswerHeldLead();
  const words = ANSWERS[answer];
  const onConfirm = () =>
    send.mutate(
      { leadId: lead.id, answer },
      {
        onSuccess: () => {
          setOpen(false);
          toast({ title: words.done, description: words.told(lead) });
        },
        onError: (e) => {
          setOpen(false);
          toastError(e, words.failed);
        },
      },
    );
  const Icon = answer === 'reject' ? Ban : Forward;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      pending={send.isPending}
      trigger={
        <Button
          size="sm"
          variant="outline"
          onClick={() => setOpen(true)}
          aria-label={`${words.button}: the lead from ${lead.name}`}
          icon={Icon}
        >
          {words.button}
        </Button>
      }
      title={words.title}
      description={words.ask(lead)}
      keepLabel="Keep Holding"
      confirmLabel={words.title}
      pendingLabel={words.pending}
      onConfirm={onConfirm}
      destructive={answer === 'reject'}
      className="sm:max-w-[460px]"
    />
  );
}
