import { EyeOff, MessageSquareText } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import {
  HIDE_NOTE_MAX,
  HIDE_REASON_LABELS,
  HIDE_REASONS,
  type AdminReviewFilter,
  type ManagedReview,
} from '@shared/reviews';
import { NativeChoice, useProgressiveForm } from '@/components/form';
import { EmptyState } from '@/components/query-view';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DialogFooter, TitledDialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { REVIEW_POLICY_PATH, reviewMonth, Stars } from '@/features/reviews';
import { formatDateTime, plural } from '@/lib/format';
import { PageHeader } from './components/PageHeader';
import { AdminList } from './components/AdminList';
import { StatusQueue, type QueueTab } from './components/StatusQueue';
import { useAdminReviews, useModerateReview } from './reviews-api';
import { useRegion } from '@/lib/region';
import { ListingLink } from './components/ListingLink';
import { toastError, toastProblem } from '@/components/ui/toast-problem';

const TABS: QueueTab<AdminReviewFilter>[] = [
  { value: 'all', label: 'All' },
  { value: 'not_contacted', label: 'Not contacted' },
  { value: 'published', label: 'Published' },
  { value: 'hidden', label: 'Hidden' },
];

const yesNo = (v: boolean) => (v ? 'Yes' : 'No');

const REASON_OPTIONS = HIDE_REASONS.map((r) => ({ value: r, label: HIDE_REASON_LABELS[r] }));

function HideForm({ review, onClose }: { review: ManagedReview; onClose: () => void }) {
  const moderate = useModerateReview();
  // Whether a reason is chosen, for the hide button; the form reads the fields itself when sent.
  const [chosen, setChosen] = useState(false);
  const form = useProgressiveForm({
    schema: () => import('@shared/schemas/reviews').then((m) => m.reviewHideSchema),
    fallback: 'Failed to hide the review',
    onProblem: toastProblem('Error'),
    onValid: async (hide) => {
      await moderate.mutateAsync({ id: review.id, hide });
      toast({ title: 'Review hidden', description: `Hidden for: ${HIDE_REASON_LABELS[hide.reason]}.` });
      onClose();
    },
  });
  const { errors, control } = form;
  const pending = moderate.isPending || form.pending;
  return (
    <form
      {...form.props}
      onChange={(e) => {
        form.props.onChange(e);
        const { name, value } = e.target as EventTarget as HTMLSelectElement;
        if (name === 'reason') setChosen(value !== '');
      }}
      className="grid gap-4"
    >
      <Field id="hide-reason" label="Reason (from the review policy)" error={errors.reason}>
        <NativeChoice placeholder="Choose a reason" options={REASON_OPTIONS} {...control('reason', 'hide-reason')} />
      </Field>
      <Field id="hide-note" label="Note (optional, for administrators only)" error={errors.note}>
        <Textarea rows={3} maxLength={HIDE_NOTE_MAX} {...control('note', 'hide-note')} />
      </Field>
      <DialogFooter>
        <Button variant="outline" disabled={pending} onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" variant="destructive" disabled={!chosen || pending}>
          {pending ? 'Hiding...' : 'Hide review'}
        </Button>
      </DialogFooter>
    </form>
  );
}

function HideDialog({ review, onClose }: { review: ManagedReview | null; onClose: () => void }) {
  return (
    <TitledDialog
      open={review !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Hide this review"
      description={
        <>
          {'Only for a reason the '}
          <Link href={REVIEW_POLICY_PATH} className="text-primary underline-offset-4 hover:underline">
            review policy
          </Link>
          {
            ' names, whatever the rating. The review leaves the profile and the rating at once; the contractor sees the reason.'
          }
        </>
      }
    >
      {/* A fresh form for each review. */}
      {review && <HideForm key={review.id} review={review} onClose={onClose} />}
    </TitledDialog>
  );
}

function ReviewRow({ review, onHide }: { review: ManagedReview; onHide: (r: ManagedReview) => void }) {
  const { timeZone } = useRegion();
  const moderate = useModerateReview();
  const show = () =>
    moderate.mutate(
      { id: review.id, hide: null },
      {
        onSuccess: () =>
          toast({ title: 'Review shown', description: 'It is published again and counts toward the rating.' }),
        onError: (err) => toastError(err, 'Failed to show the review'),
      },
    );
  return (
    <article
      className="grid gap-2 p-4"
      aria-label={`Review of ${review.contractorName} by ${review.authorName}`}
      data-testid="admin-review"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <ListingLink id={review.contractorId} name={review.contractorName} />
          <Stars rating={review.rating} />
          {review.status === 'hidden' ? (
            <Badge variant="outline">Hidden</Badge>
          ) : (
            <Badge variant="success">Published</Badge>
          )}
          {!review.contacted && <Badge variant="destructive">Not contacted</Badge>}
        </div>
        {review.status === 'hidden' ? (
          <Button variant="outline" size="sm" disabled={moderate.isPending} onClick={show}>
            Show again
          </Button>
        ) : (
          <Button variant="outline" size="sm" onClick={() => onHide(review)} icon={EyeOff}>
            Hide
          </Button>
        )}
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm sm:grid-cols-[auto_1fr_auto_1fr]">
        <dt className="text-muted-foreground">Homeowner</dt>
        <dd>{`${review.authorName}, ${reviewMonth(review.createdAt, timeZone)}`}</dd>
        <dt className="text-muted-foreground">Request</dt>
        <dd>{`Lead #${review.leadId}: ${review.serviceNeeded}`}</dd>
        <dt className="text-muted-foreground">Contacted</dt>
        <dd>{yesNo(review.contacted)}</dd>
        <dt className="text-muted-foreground">Hired</dt>
        <dd>{yesNo(review.hired)}</dd>
      </dl>
      {review.comment ? (
        <p className="whitespace-pre-line break-words">{review.comment}</p>
      ) : (
        <p className="text-sm italic text-muted-foreground">No comment.</p>
      )}
      {review.reply && (
        <p className="border-l-2 border-primary/30 pl-3 text-sm text-muted-foreground">{`Reply: ${review.reply}`}</p>
      )}
      {review.status === 'hidden' && review.hiddenReason && (
        <p className="text-sm text-muted-foreground">
          {`Hidden ${review.hiddenAt ? formatDateTime(review.hiddenAt, timeZone) : ''}${review.hiddenBy ? ` by ${review.hiddenBy}` : ''}: ${HIDE_REASON_LABELS[review.hiddenReason]}${review.hiddenNote ? ` (${review.hiddenNote})` : ''}`}
        </p>
      )}
    </article>
  );
}

/** /admin/reviews: every homeowner answer, 'not contacted' on its own tab, and hiding under the review policy. */
export default function ReviewsPage() {
  const [hiding, setHiding] = useState<ManagedReview | null>(null);
  return (
    <>
      <PageHeader
        title="Reviews"
        description="Every homeowner's answer to the follow-up: whether the contractor made contact, whether they were hired, and the review. Hide a review only for a reason the review policy names."
        path="/admin/reviews"
        actions={
          <Button asChild variant="outline" size="sm">
            <Link href={REVIEW_POLICY_PATH}>Review policy</Link>
          </Button>
        }
      />
      <StatusQueue tabs={TABS} initial="all" label="Which reviews" perRow={2} useItems={useAdminReviews}>
        {({ query, onPage }) => (
          <AdminList
            query={query}
            what="reviews"
            listLabel="Reviews"
            items={(d) => d.reviews}
            itemKey={(r) => r.id}
            count={(d) => `${plural(d.total, 'review')}, newest first`}
            empty={
              <EmptyState icon={<MessageSquareText className="h-8 w-8" aria-hidden="true" />}>
                <p>No reviews here.</p>
              </EmptyState>
            }
            pager={{ label: 'Review pages', onPage }}
            item={(r) => <ReviewRow review={r} onHide={setHiding} />}
          />
        )}
      </StatusQueue>
      <HideDialog review={hiding} onClose={() => setHiding(null)} />
    </>
  );
}
