import { FilePenLine } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import {
  LISTING_REJECTION_MAX,
  type AdminListingChange,
  type ListingChangeStatus,
} from '@shared/schemas/listing-changes';
import { EmptyState } from '@/components/query-view';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useRegion } from '@/lib/region';
import { ListingValuesTable } from '@/features/listing-edits';
import { formatDateTime, plural } from '@/lib/format';
import { AdminList } from './components/AdminList';
import { StatusQueue, type QueueTab } from './components/StatusQueue';
import { PageHeader } from './components/PageHeader';
import { RejectDialog, type Rejection } from './components/RejectDialog';
import { useDecideListingChange, useListingChanges } from './listing-changes-api';
import { ListingLink } from './components/ListingLink';
import { toastError } from '@/components/ui/toast-problem';

const TABS: QueueTab<ListingChangeStatus>[] = [
  { value: 'pending', label: 'Waiting for review' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
];

/** A listing change's rejection: the reason is emailed to the contractor. */
const CHANGE_REJECTION: Rejection = {
  title: 'Reject listing change',
  reason: {
    name: 'reason',
    id: 'listing-reject-reason',
    label: 'Reason',
    max: LISTING_REJECTION_MAX,
    note: 'Sent to the contractor.',
  },
  schema: () => import('@shared/schemas/listing-changes').then((m) => m.listingRejectionSchema),
  fallback: 'Failed to reject the change',
  submit: 'Reject Change',
};

function ChangeItem({ change, onReject }: { change: AdminListingChange; onReject: (c: AdminListingChange) => void }) {
  const { timeZone } = useRegion();
  const decide = useDecideListingChange();
  const approve = () =>
    decide.mutate(
      { id: change.id },
      {
        onSuccess: () =>
          toast({
            title: 'Change approved',
            description: `${change.contractorName}'s listing now shows the new values.`,
          }),
        onError: (err) => toastError(err, 'Failed to approve the change'),
      },
    );
  return (
    <article
      className="grid gap-3 p-4"
      aria-label={`Listing change of ${change.contractorName}`}
      data-testid="listing-change"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="grid gap-0.5">
          <ListingLink id={change.contractorId} name={change.contractorName} />
          <p className="text-sm text-muted-foreground">
            {`Sent ${formatDateTime(change.submittedAt, timeZone)}`}
            {change.reviewedAt &&
              ` · ${change.status === 'approved' ? 'Approved' : 'Rejected'} ${formatDateTime(change.reviewedAt, timeZone)}${change.reviewedBy ? ` by ${change.reviewedBy}` : ''}`}
          </p>
        </div>
        {change.status === 'pending' ? (
          <div className="flex gap-2">
            <Button size="sm" disabled={decide.isPending} onClick={approve}>
              Approve
            </Button>
            <Button size="sm" variant="outline" disabled={decide.isPending} onClick={() => onReject(change)}>
              Reject
            </Button>
          </div>
        ) : (
          <Badge variant={change.status === 'approved' ? 'success' : 'outline'}>
            {change.status === 'approved' ? 'Approved' : 'Rejected'}
          </Badge>
        )}
      </div>
      {change.status === 'rejected' && change.rejectionReason && (
        <p className="text-sm">{`Reason: ${change.rejectionReason}`}</p>
      )}
      <div className="overflow-x-auto">
        <ListingValuesTable
          before={change.current}
          after={change.proposed}
          beforeLabel={change.status === 'approved' ? 'Listing now' : 'Now'}
        />
      </div>
    </article>
  );
}

/**
 * /admin/listing-changes: contractors' edits of their listings waiting for review, the listing now
 * beside the proposed values; approve, or reject with a reason the contractor is emailed
 * (docs/decisions/0111-listing-edits.md).
 */
export default function ListingChangesPage() {
  const [rejecting, setRejecting] = useState<AdminListingChange | null>(null);
  const reject = useDecideListingChange();
  return (
    <>
      <PageHeader
        title="Listing changes"
        description="Contractors' edits of their listings. The public sees the new values only once a change is approved; the contractor is emailed either way."
        path="/admin/listing-changes"
        actions={
          <Button asChild variant="outline" size="sm">
            <Link href="/admin/contractors">All contractors</Link>
          </Button>
        }
      />
      <StatusQueue tabs={TABS} initial="pending" label="Which changes" perRow={3} useItems={useListingChanges}>
        {({ filter, query }) => (
          <AdminList
            query={query}
            what="listing changes"
            listLabel="Listing changes"
            items={(d) => d}
            itemKey={(c) => c.id}
            count={(d) => `${plural(d.length, 'change')}${filter === 'pending' ? ', oldest first' : ', newest first'}`}
            empty={
              <EmptyState icon={<FilePenLine className="h-8 w-8" aria-hidden="true" />}>
                <p>{filter === 'pending' ? 'No listing changes are waiting for review.' : 'None here.'}</p>
              </EmptyState>
            }
            item={(c) => <ChangeItem change={c} onReject={setRejecting} />}
          />
        )}
      </StatusQueue>
      <RejectDialog
        kind={CHANGE_REJECTION}
        subject={rejecting}
        description={
          rejecting
            ? `${rejecting.contractorName}'s listing stays as it is. The reason is emailed to the contractor and shown in its portal.`
            : ''
        }
        pending={reject.isPending}
        onOpenChange={(open) => !open && setRejecting(null)}
        onConfirm={async (reason) => {
          if (!rejecting) return;
          await reject.mutateAsync({ id: rejecting.id, reject: { reason } });
          toast({
            title: 'Change rejected',
            description: `${rejecting.contractorName} is emailed the reason; the listing stays as it is.`,
          });
          setRejecting(null);
        }}
      />
    </>
  );
}
