import { Star } from 'lucide-react';
import { cn } from '@/lib/cn';

export type StarFill = 'full' | 'half' | 'empty';

/** Five stars for a rating, to the nearest half star: 4.9 shows five, 4.3 four and a half, 4.2 four. */
export function starFills(rating: number): StarFill[] {
  const halves = Math.round(Math.min(5, Math.max(0, rating)) * 2);
  return [1, 2, 3, 4, 5].map((i) => (halves >= i * 2 ? 'full' : halves === i * 2 - 1 ? 'half' : 'empty'));
}

const EMPTY = 'fill-none text-muted-foreground/50';
const FILLED = 'fill-accent text-accent';

/**
 * The one drawing of stars (an average on cards and profiles, one review's rating in lists),
 * read out as `label`; the stars themselves are decoration.
 */
export function Stars({ rating, label, className }: { rating: number; label: string; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-0.5', className)} role="img" aria-label={label}>
      {starFills(rating).map((fill, i) =>
        fill === 'half' ? (
          // The filled star's left half over an empty one: no second icon to ship.
          <span key={i} className="relative inline-flex" data-star="half" aria-hidden="true">
            <Star className={cn('h-4 w-4', EMPTY)} />
            <span className="absolute inset-y-0 left-0 w-1/2 overflow-hidden">
              <Star className={cn('h-4 w-4', FILLED)} />
            </span>
          </span>
        ) : (
          <Star
            key={i}
            className={cn('h-4 w-4', fill === 'full' ? FILLED : EMPTY)}
            data-star={fill}
            aria-hidden="true"
          />
        ),
      )}
    </span>
  );
}
