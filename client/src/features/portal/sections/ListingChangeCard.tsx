import { Clock } from 'lucide-react';
import type { ListingChangeDto } from '@shared/schemas/listing-changes';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { ListingValuesTable } from '@/features/listing-edits';
import { messageOf } from '@/lib/api';
import { formatShortDate } from '@/lib/format';
import { CardHeading } from '../components/parts';
import { useWithdrawListing } from '../listing-api';

/**
 * The contractor's latest listing change (docs/decisions/0111-listing-edits.md): waiting for review
 * with the proposed values and a way to withdraw it, or not approved with the administrator's reason.
 * An approved change needs no card: the listing shows it.
 */
export function ListingChangeCard({ change }: { change: ListingChangeDto }) {
  const withdraw = useWithdrawListing();
  if (change.status === 'pending')
    return (
      <Card data-testid="listing-change">
        <CardHeading
          icon={<Clock className="h-5 w-5 text-primary" aria-hidden="true" />}
          title="Waiting for review"
          aside={<Badge variant="warning">{`Sent ${formatShortDate(change.submittedAt)}`}</Badge>}
        />
        <div className="grid gap-4 px-5 pb-5">
          <p className="text-sm text-muted-foreground">
            Homeowners see your current listing until an administrator approves these changes. You are emailed either
            way.
          </p>
          <div className="overflow-x-auto">
            <ListingValuesTable after={change.proposed} afterLabel="Proposed" />
          </div>
          <Button
            variant="outline"
            className="justify-self-start"
            disabled={withdraw.isPending}
            onClick={() =>
              withdraw.mutate(undefined, {
                onSuccess: () => toast({ title: 'Change Withdrawn', description: 'Your listing stays as it is.' }),
                onError: (err) =>
                  toast({
                    title: 'Error',
                    description: messageOf(err, 'The change could not be withdrawn'),
                    variant: 'destructive',
                  }),
              })
            }
          >
            {withdraw.isPending ? 'Withdrawing...' : 'Withdraw Change'}
          </Button>
        </div>
      </Card>
    );
  if (change.status === 'rejected')
    return (
      <Card data-testid="listing-change" className="border-destructive/40">
        <CardHeading title="Changes not approved" />
        <div className="grid gap-2 px-5 pb-5 text-sm">
          <p>{`Your changes sent ${formatShortDate(change.submittedAt)} were not approved; your listing stays as it was.`}</p>
          <p>
            <span className="font-medium">Reason: </span>
            {change.rejectionReason}
          </p>
          <p className="text-muted-foreground">Edit your profile again to send new changes.</p>
        </div>
      </Card>
    );
  return null;
}
