import { region } from '@shared/region';
/** US date formats the spec asks for. Dates are formatted in UTC so server and browser agree. */

// Made once: building a formatter costs far more than using one.
const longDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
const shortDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' });
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: region.timeZone });

export function formatLongDate(iso: string | Date): string {
  return longDate.format(new Date(iso));
}

export function formatShortDate(iso: string | Date): string {
  return shortDate.format(new Date(iso));
}

export function formatDateTime(iso: string | Date): string {
  return dateTime.format(new Date(iso));
}

/** '1 review', '3 reviews'; `many` for an irregular plural ('2 bonus credits', '2 people'). The one plural of the client. */
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
