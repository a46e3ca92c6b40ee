import { Undo2 } from 'lucide-react';
import { useState } from 'react';
import type { AdminLead } from '@shared/schemas/admin-leads';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { useCancelDelivery } from '../api';
import { formatPrice } from '@shared/money';
import { toastError } from '@/components/ui/toast-problem';

type Delivery = NonNullable<AdminLead['delivery']>;

/** What cancelling does to the contractor's money (docs/decisions/0049-cancelled-deliveries.md). */
function effect(d: Delivery): string {
  switch (d.paymentState) {
    case 'paid':
      return `The ${formatPrice(d.price)} ${d.contractorName} paid is refunded: a card payment to the card.`;
    case 'credited':
      return `The plan credit ${d.contractorName} used comes back as a bonus credit that does not expire.`;
    default:
      return `${d.contractorName} no longer needs to pay for it.`;
  }
}

/** Takes a delivery back, after a confirmation; the lead is new again and can go to another contractor. */
export function CancelDeliveryControl({ lead }: { lead: AdminLead }) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelDelivery();
  const d = lead.delivery;
  if (!d) return null;
  const onConfirm = () =>
    cancel.mutate(d.id, {
      onSuccess: () => {
        setOpen(false);
        toast({ title: 'Delivery Cancelled', description: `${effect(d)} The lead from ${lead.name} is new again.` });
      },
      onError: (e) => {
        setOpen(false);
        toastError(e, 'Failed to cancel the delivery');
      },
    });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      pending={cancel.isPending}
      trigger={
        <Button
          size="sm"
          variant="outline"
          className="w-fit"
          onClick={() => setOpen(true)}
          aria-label={`Cancel the delivery of the lead from ${lead.name} to ${d.contractorName}`}
          icon={Undo2}
        >
          Cancel delivery
        </Button>
      }
      title="Cancel Delivery"
      description={`Take the lead from ${lead.name} back from ${d.contractorName}? ${effect(d)} The lead becomes new again, and ${d.contractorName} is emailed.`}
      keepLabel="Keep Delivery"
      confirmLabel="Cancel Delivery"
      pendingLabel="Cancelling..."
      onConfirm={onConfirm}
      className="sm:max-w-[440px]"
    />
  );
}
