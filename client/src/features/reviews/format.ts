import { formatMonthIn, plural } from '@/lib/format';

/** A review's date as the profile shows it: the month only ("March 2026"), in the county's time zone (useRegion().timeZone). */
export const reviewMonth = (iso: string, timeZone: string) => formatMonthIn(iso, timeZone);

export const starsLabel = (n: number) => plural(n, 'star');
