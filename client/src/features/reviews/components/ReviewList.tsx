import { BadgeCheck, ChevronLeft, ChevronRight, MessageSquareText } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearch } from 'wouter';
import type { PublicReview } from '@shared/reviews';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { CardIconHeading } from '@/components/ui/card-icon-heading';
import { QueryView } from '@/components/query-view';
import { readReviewsPage, REVIEW_POLICY_PATH, reviewsHref, useReviews } from '../api';
import { reviewMonth } from '../format';
import { Stars } from './Stars';
import { useRegion } from '@/lib/region';

function ReviewItem({ review, contractorName }: { review: PublicReview; contractorName: string }) {
  const { timeZone } = useRegion();
  return (
    <article
      className="grid gap-2 py-4 first:pt-0 last:pb-0"
      aria-label={`Review by ${review.authorName}, ${reviewMonth(review.createdAt, timeZone)}`}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Stars rating={review.rating} />
        <Badge variant="success">
          <BadgeCheck className="h-3.5 w-3.5" aria-hidden="true" />
          Verified homeowner
        </Badge>
        {review.hired && <Badge variant="secondary">Hired them</Badge>}
      </div>
      <p className="text-sm text-muted-foreground">
        <span className="font-medium text-foreground">{review.authorName}</span>
        {` · ${reviewMonth(review.createdAt, timeZone)}`}
      </p>
      {review.comment && <p className="whitespace-pre-line break-words leading-relaxed">{review.comment}</p>}
      {review.reply && (
        <div className="ml-3 grid gap-1 border-l-2 border-primary/30 pl-3 text-sm">
          <p className="font-medium">{`Reply from ${contractorName}`}</p>
          <p className="whitespace-pre-line break-words text-muted-foreground">{review.reply}</p>
        </div>
      )}
    </article>
  );
}

/**
 * The profile's reviews (docs/decisions/0054-reviews-on-the-profile.md): every published review,
 * newest first, paged by `?page=` in the address (links, so it works without JavaScript), with the
 * review policy linked and the hidden ones counted openly.
 */
export function ReviewList({ contractorId, contractorName }: { contractorId: number; contractorName: string }) {
  const page = readReviewsPage(new URLSearchParams(useSearch()));
  const query = useReviews(contractorId, page);
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const shownPage = useRef(page);

  // Another page of reviews: bring the list's top into view (the address changed, the page did not).
  useEffect(() => {
    if (shownPage.current === page) return;
    shownPage.current = page;
    document.getElementById('reviews')?.scrollIntoView({ block: 'start' });
  }, [page]);

  return (
    <Card id="reviews" className="scroll-mt-24">
      <CardHeader>
        <CardIconHeading icon={MessageSquareText}>
          <span>{data ? `Reviews (${data.total})` : 'Reviews'}</span>
        </CardIconHeading>
        <p className="text-sm text-muted-foreground">
          {`Every review is from a homeowner who asked ${contractorName} for a quote through this site. `}
          <Link href={REVIEW_POLICY_PATH} className="font-medium text-primary underline-offset-4 hover:underline">
            Our review policy
          </Link>
        </p>
      </CardHeader>
      <CardContent className="grid gap-4">
        <QueryView
          query={query}
          what="reviews"
          placeholder={{ rows: 2, className: 'h-16' }}
          isEmpty={(d) => d.reviews.length === 0}
          empty={
            <p className="text-muted-foreground">
              {data?.total === 0
                ? 'No reviews yet.'
                : `No page ${page}: there ${pages === 1 ? 'is 1 page' : `are ${pages} pages`} of reviews.`}
            </p>
          }
        >
          {(d) => (
            <div className={query.isPlaceholderData ? 'divide-y opacity-70 transition-opacity' : 'divide-y'}>
              {d.reviews.map((r) => (
                <ReviewItem key={r.id} review={r} contractorName={contractorName} />
              ))}
            </div>
          )}
        </QueryView>
        {data && data.hidden > 0 && (
          <p className="text-sm text-muted-foreground">
            {`${data.hidden === 1 ? '1 review is' : `${data.hidden} reviews are`} hidden under our `}
            <Link href={REVIEW_POLICY_PATH} className="text-primary underline-offset-4 hover:underline">
              review policy
            </Link>
            .
          </p>
        )}
        {pages > 1 && (
          <nav aria-label="Review pages" className="flex items-center justify-between gap-3">
            {page > 1 ? (
              <Button asChild variant="outline" size="sm">
                <Link href={reviewsHref(contractorId, Math.min(page - 1, pages))}>
                  <ChevronLeft className="h-4 w-4" aria-hidden="true" />
                  Newer
                </Link>
              </Button>
            ) : (
              <span />
            )}
            <span className="text-sm text-muted-foreground">{`Page ${Math.min(page, pages)} of ${pages}`}</span>
            {page < pages ? (
              <Button asChild variant="outline" size="sm">
                <Link href={reviewsHref(contractorId, page + 1)}>
                  Older
                  <ChevronRight className="h-4 w-4" aria-hidden="true" />
                </Link>
              </Button>
            ) : (
              <span />
            )}
          </nav>
        )}
      </CardContent>
    </Card>
  );
}
