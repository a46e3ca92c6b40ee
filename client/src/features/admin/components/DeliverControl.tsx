import { Send } from 'lucide-react';
import { useId, useState } from 'react';
import type { AdminLead } from '@shared/schemas/admin-leads';
import type { DeliveryDto } from '@shared/schemas/deliveries';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toast } from '@/components/ui/use-toast';
import { messageOf } from '@/lib/api';
import { useContractorDeliveries, useDeliverLead } from '../api';
import { formatPrice } from '@shared/money';
import { plural } from '@/lib/format';

function deliveredText(d: DeliveryDto): string {
  switch (d.paymentState) {
    case 'credited':
      return `Credited: ${d.contractorName} used one plan credit and can see the customer's details now.`;
    case 'paid':
      return `Paid: ${d.contractorName} can see the customer's details now.`;
    case 'awaiting_payment':
      return `Awaiting payment: ${d.contractorName} has been emailed a link to buy it for ${formatPrice(d.price)}.`;
    case 'cancelled':
      return `The delivery to ${d.contractorName} was cancelled.`;
  }
}

/** How many leads the chosen contractor has had (spec: fetched when a contractor is selected). */
function DeliveryCount({ contractorId }: { contractorId: number }) {
  const q = useContractorDeliveries(contractorId);
  if (!q.data) return null;
  return (
    <p className="text-xs text-muted-foreground">{`${plural(q.data.length, 'lead')} delivered to this contractor`}</p>
  );
}

/** A contractor dropdown and Deliver, for a lead that awaits delivery. */
export function DeliverControl({
  lead,
  contractors,
}: {
  lead: AdminLead;
  contractors: { id: number; name: string }[] | undefined;
}) {
  const requested =
    lead.requestedContractor && contractors?.some((c) => c.id === lead.requestedContractor!.id)
      ? String(lead.requestedContractor.id)
      : '';
  const [choice, setChoice] = useState('');
  const selected = choice || requested;
  const deliver = useDeliverLead();
  // A held lead shows this control twice, at the top and in its row: each needs an id of its own.
  const id = useId();

  const onDeliver = () => {
    if (!selected) return;
    deliver.mutate(
      { leadId: lead.id, contractorId: Number(selected) },
      {
        onSuccess: (d) => toast({ title: 'Lead Delivered', description: deliveredText(d) }),
        onError: (e) =>
          toast({
            title: 'Delivery Failed',
            description: messageOf(e, 'Failed to deliver lead'),
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <div className="grid min-w-[14rem] grid-cols-1 gap-1.5">
      <Label htmlFor={id} className="sr-only">{`Contractor to deliver the lead from ${lead.name} to`}</Label>
      <div className="flex gap-2">
        <Select value={selected || undefined} onValueChange={setChoice} disabled={!contractors || deliver.isPending}>
          <SelectTrigger id={id} className="h-9 min-w-0 flex-1">
            <SelectValue placeholder={contractors ? 'Select contractor' : 'Loading...'} />
          </SelectTrigger>
          <SelectContent>
            {(contractors ?? []).map((c) => (
              <SelectItem key={c.id} value={String(c.id)}>
                {c.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Button size="sm" disabled={!selected || deliver.isPending} onClick={onDeliver} icon={Send}>
          {deliver.isPending ? 'Delivering...' : 'Deliver'}
        </Button>
      </div>
      {selected && <DeliveryCount contractorId={Number(selected)} />}
    </div>
  );
}
