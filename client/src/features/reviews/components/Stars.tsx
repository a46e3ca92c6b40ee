import { Star } from 'lucide-react';
import { cn } from '@/lib/cn';
import { starsLabel } from '../format';

/** A review's whole-star rating, read out as 'Rated 4 stars out of 5'. */
export function Stars({ rating, className }: { rating: number; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-0.5', className)} role="img" aria-label={`Rated ${starsLabel(rating)} out of 5`}>
      {[1, 2, 3, 4, 5].map((i) => (
        <Star key={i} className={cn('h-4 w-4', i <= rating ? 'fill-accent text-accent' : 'fill-none text-muted-foreground/50')} aria-hidden="true" />
      ))}
    </span>
  );
}
