import { useState } from 'react';
import type { PortalLead } from '@shared/schemas/portal';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { messageOf } from '@/lib/api';
import { useDeclineLead } from '../api';

/**
 * "Decline" on a lead awaiting payment (docs/decisions/0117-lead-routing.md): after a confirmation
 * the lead is released, nothing is charged and the homeowner is offered other contractors. A paid
 * or credited lead is not declined; it can be reported as bad instead.
 */
export function LeadDecline({ lead }: { lead: PortalLead }) {
  const [open, setOpen] = useState(false);
  const decline = useDeclineLead();
  if (lead.paymentState !== 'awaiting_payment') return null;
  const pending = decline.isPending;
  const confirm = () =>
    decline.mutate(lead.deliveryId, {
      onSuccess: () =>
        toast({
          title: 'Lead Declined',
          description: 'Nothing was charged. The homeowner will be offered other contractors.',
        }),
      // 409: paid meanwhile, or already released; the server says which.
      onError: (error) =>
        toast({
          title: 'Lead Not Declined',
          description: messageOf(error, 'The lead could not be declined. Please try again.'),
          variant: 'destructive',
        }),
      onSettled: () => setOpen(false),
    });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      pending={pending}
      trigger={
        <Button type="button" size="sm" variant="outline" className="shrink-0" onClick={() => setOpen(true)}>
          Decline
        </Button>
      }
      title="Decline this lead?"
      description={`${lead.serviceNeeded} in ${lead.location}. Nothing is charged and the lead leaves your list. The homeowner is told you cannot take it and is offered other contractors who take it, if there are any. This cannot be undone.`}
      keepLabel="Keep lead"
      confirmLabel="Decline lead"
      pendingLabel="Declining..."
      onConfirm={confirm}
      role="alertdialog"
      className="sm:max-w-[460px]"
    />
  );
}
