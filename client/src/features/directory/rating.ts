export const RATING_CHOICES = [5, 4, 3] as const;

/** Meeting any one of several minimums means meeting the lowest. */
export const effectiveMinRating = (selected: number[]) => (selected.length ? Math.min(...selected) : null);
