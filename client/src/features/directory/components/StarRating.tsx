import { Stars } from '@/components/stars';
import { plural } from '@/lib/format';
import { isRated, NO_REVIEWS } from '../rating';

/** An average rating: five stars to the nearest half, read out with one decimal. */
export function StarRating({ rating, className }: { rating: number; className?: string }) {
  return <Stars rating={rating} label={`Rated ${rating.toFixed(1)} out of 5`} className={className} />;
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
