import { Star } from 'lucide-react';
import { plural } from '@/lib/format';
import { cn } from '@/lib/cn';
import { isRated, NO_REVIEWS } from '../rating';

/** Five stars, filled up to the whole number of the rating. */
export function StarRating({ rating, className }: { rating: number; className?: string }) {
  const filled = Math.floor(rating);
  return (
    <span className={cn('inline-flex items-center gap-0.5', className)} role="img" aria-label={`Rated ${rating.toFixed(1)} out of 5`}>
      {[1, 2, 3, 4, 5].map((i) => (
        <Star key={i} className={cn('h-4 w-4', i <= filled ? 'fill-accent text-accent' : 'fill-none text-muted-foreground/50')} aria-hidden="true" />
      ))}
    </span>
  );
}

/** The stars, the rating and the review count; 'No reviews yet' until a published review stands behind a rating. */
export function RatingLine({ rating, reviewCount }: { rating: number; reviewCount: number }) {
  if (!isRated({ reviewCount })) return <p className="text-sm text-muted-foreground">{NO_REVIEWS}</p>;
  return (
    <div className="flex items-center gap-2 text-sm">
      <StarRating rating={rating} />
      <span className="font-semibold">{rating.toFixed(1)}</span>
      <span className="text-muted-foreground">{`(${plural(reviewCount, 'review')})`}</span>
    </div>
  );
}
