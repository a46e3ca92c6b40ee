export const RATING_CHOICES = [5, 4, 3] as const;

/** Meeting any one of several minimums means meeting the lowest. */
export const effectiveMinRating = (selected: number[]) => (selected.length ? Math.min(...selected) : null);

/**
 * A rating is the average of published reviews (docs/decisions/0094-no-rating-without-a-review.md): without one there is none,
 * so nothing shows, describes or marks up '0.0 (0 reviews)'; the words are NO_REVIEWS (§3).
 */
export const isRated = (c: { reviewCount: number }) => c.reviewCount > 0;
export const NO_REVIEWS = 'No reviews yet';
