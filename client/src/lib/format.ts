/** US date formats the spec asks for. Dates are formatted in UTC so server and browser agree. */

// Made once: building a formatter costs far more than using one.
const longDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
const shortDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' });
/** Per time zone: the county's, which comes with the page (docs/decisions/0102-region-in-boot-data.md). */
const dateTimes = new Map<string, Intl.DateTimeFormat>();
const monthYears = new Map<string, Intl.DateTimeFormat>();

function formatterIn(kept: Map<string, Intl.DateTimeFormat>, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let f = kept.get(timeZone);
  if (!f) kept.set(timeZone, (f = new Intl.DateTimeFormat('en-US', { ...options, timeZone })));
  return f;
}

export function formatLongDate(iso: string | Date): string {
  return longDate.format(new Date(iso));
}

export function formatShortDate(iso: string | Date): string {
  return shortDate.format(new Date(iso));
}

/** A date and time in the county's time zone (useRegion().timeZone). */
export function formatDateTime(iso: string | Date, timeZone: string): string {
  return formatterIn(dateTimes, timeZone, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** 'March 2026': the month of a date in the county's time zone. */
export function formatMonthIn(iso: string | Date, timeZone: string): string {
  return formatterIn(monthYears, timeZone, { month: 'long', year: 'numeric' }).format(new Date(iso));
}

/** '1 review', '3 reviews'; `many` for an irregular plural ('2 bonus credits', '2 people'). The one plural of the client. */
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
