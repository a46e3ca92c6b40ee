import { Stars as StarsOf } from '@/components/stars';
import { starsLabel } from '../format';

/** A review's whole-star rating, read out as 'Rated 4 stars out of 5'. */
export function Stars({ rating, className }: { rating: number; className?: string }) {
  return <StarsOf rating={rating} label={`Rated ${starsLabel(rating)} out of 5`} className={className} />;
}
