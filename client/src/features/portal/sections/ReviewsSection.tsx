import { MessageSquareText } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { HIDE_REASON_LABELS, REVIEW_REPLY_MAX, type ManagedReview } from '@shared/reviews';
import { useProgressiveForm } from '@/components/form';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState, QueryView } from '@/components/query-view';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { REVIEW_POLICY_PATH, reviewMonth, Stars } from '@/features/reviews';
import { toastProblem } from '@/components/ui/toast-problem';
import { SectionHeader } from '../components/parts';
import { plural } from '@/lib/format';
import { useOwnReviews, useReplyToReview } from '../reviews-api';
import { useRegion } from '@/lib/region';

function ReplyForm({ review }: { review: ManagedReview }) {
  // Not yet opened (undefined), open, or put away with Cancel.
  const [open, setOpen] = useState<boolean>();
  // Only for the count of characters left; the reply itself is the textarea's (docs/decisions/0097-one-progressive-form.md).
  const [length, setLength] = useState(0);
  const reply = useReplyToReview();
  const form = useProgressiveForm({
    schema: () => import('@shared/schemas/reviews').then((m) => m.reviewReplySchema),
    fallback: 'Failed to post the reply',
    onProblem: toastProblem('Error'),
    onValid: async (values) => {
      await reply.mutateAsync({ id: review.id, reply: values.reply });
      toast({ title: 'Reply posted', description: 'Your reply is shown under the review on your profile.' });
    },
  });
  const id = `reply-${review.id}`;
  return (
    <>
      {!open && (
        <div>
          <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
            Reply publicly
          </Button>
        </div>
      )}
      {/* Once opened, Cancel only hides the form: what was written is there when it is opened again. */}
      {open !== undefined && (
        <form {...form.props} className={open ? 'grid gap-3' : 'hidden'}>
          <Field
            id={id}
            label="Your public reply"
            error={form.errors.reply}
            hint={`Shown under the review on your profile. You can reply once, and a reply cannot be changed afterwards. ${REVIEW_REPLY_MAX - length} characters left.`}
          >
            <Textarea
              rows={4}
              maxLength={REVIEW_REPLY_MAX}
              onChange={(e) => setLength(e.target.value.length)}
              {...form.control('reply', id)}
            />
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" disabled={form.pending}>
              {form.pending ? 'Posting...' : 'Post reply'}
            </Button>
            <Button variant="outline" size="sm" disabled={form.pending} onClick={() => setOpen(false)}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </>
  );
}

function ReviewCard({ review }: { review: ManagedReview }) {
  const { timeZone } = useRegion();
  return (
    <Card className="grid gap-3 p-5" data-testid="portal-review">
      <div className="flex flex-wrap items-center gap-2">
        <Stars rating={review.rating} />
        <span className="text-sm text-muted-foreground">{`${review.authorName}, ${reviewMonth(review.createdAt, timeZone)}`}</span>
        {review.status === 'hidden' && <Badge variant="outline">Hidden</Badge>}
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm">
        <dt className="text-muted-foreground">Request</dt>
        <dd>{review.serviceNeeded}</dd>
        <dt className="text-muted-foreground">Contacted by you</dt>
        <dd>{review.contacted ? 'Yes' : 'No'}</dd>
        <dt className="text-muted-foreground">Hired you</dt>
        <dd>{review.hired ? 'Yes' : 'No'}</dd>
      </dl>
      {review.comment && <p className="whitespace-pre-line break-words">{review.comment}</p>}
      {review.status === 'hidden' && review.hiddenReason && (
        <p className="text-sm text-muted-foreground">{`Hidden under the review policy: ${HIDE_REASON_LABELS[review.hiddenReason]}.`}</p>
      )}
      {review.reply ? (
        <div className="border-l-2 border-primary/30 pl-3 text-sm">
          <p className="font-medium">Your reply</p>
          <p className="whitespace-pre-line break-words text-muted-foreground">{review.reply}</p>
        </div>
      ) : (
        review.status === 'published' && <ReplyForm review={review} />
      )}
    </Card>
  );
}

/** The contractor's reviews: what each homeowner answered, and one public reply each. Reviews themselves cannot be changed. */
export function ReviewsSection() {
  const [page, setPage] = useState(1);
  const query = useOwnReviews(page);
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <div className="grid gap-6">
      <SectionHeader
        title="Reviews"
        description={
          <>
            {`${data ? `${plural(data.total, 'review')} from homeowners whose requests you received. ` : ''}Reviews cannot be changed or removed; you may reply once to each. `}
            <Link href={REVIEW_POLICY_PATH} className="text-primary underline-offset-4 hover:underline">
              Review policy
            </Link>
          </>
        }
      />
      <QueryView
        query={query}
        what="your reviews"
        placeholder={{ rows: 2, className: 'h-24' }}
        isEmpty={(d) => d.reviews.length === 0}
        empty={
          <EmptyState icon={<MessageSquareText className="h-6 w-6 text-primary" aria-hidden="true" />}>
            <p className="max-w-sm">
              No reviews yet. Some days after each lead you pay for or take with a credit, we ask the homeowner how it
              went.
            </p>
          </EmptyState>
        }
      >
        {(d) => (
          <>
            <ul className="grid gap-4" aria-label="Reviews">
              {d.reviews.map((r) => (
                <li key={r.id}>
                  <ReviewCard review={r} />
                </li>
              ))}
            </ul>
            {pages > 1 && (
              <nav aria-label="Review pages" className="flex items-center justify-between gap-3">
                <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                  Newer
                </Button>
                <span className="text-sm text-muted-foreground">{`Page ${page} of ${pages}`}</span>
                <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                  Older
                </Button>
              </nav>
            )}
          </>
        )}
      </QueryView>
    </div>
  );
}
