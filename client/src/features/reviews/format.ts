import { region } from '@shared/region';
import { plural } from '@/lib/format';

/** A review's date as the profile shows it: the month only ("March 2026"), in the site's time zone. */
const month = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: region.timeZone });

export const reviewMonth = (iso: string) => month.format(new Date(iso));

export const starsLabel = (n: number) => plural(n, 'star');
