/** US date formats the spec asks for. Dates are formatted in UTC so server and browser agree. */

// Made once: building a formatter costs far more than using one.
const longDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
const shortDate = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  timeZone: 'UTC',
});
/** Per time zone: the county's, which comes with the page (docs/decisions/0102-region-in-boot-data.md). */
const dateTimes = new Map<string, Intl.DateTimeFormat>();
const monthYears = new Map<string, Intl.DateTimeFormat>();

function formatterIn(
  kept: Map<string, Intl.DateTimeFormat>,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  let f = kept.get(timeZone);
  if (!f) kept.set(timeZone, (f = new Intl.DateTimeFormat('en-US', { ...options, timeZone })));
  return f;
}

const monthDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** 'Nov 16' for the calendar day '2026-11-16' (a chart's week). */
export function formatDay(day: string): string {
  return monthDay.format(new Date(`${day}T12:00:00Z`));
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

const isoDays = new Map<string, Intl.DateTimeFormat>();

/** 'YYYY-MM-DD': the day it is at `at` in the county's time zone (useRegion().timeZone). */
export function dayIn(at: Date, timeZone: string): string {
  const parts = formatterIn(isoDays, timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** '1 review', '3 reviews'; `many` for an irregular plural ('2 bonus credits', '2 people'). The one plural of the client. */
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * A span of minutes read at a glance (the dashboard's median time to delivery): 'under a minute',
 * '4 min', '2 h 5 min'; from a day on the minutes no longer matter: '1 day', '3 days 2 h'.
 */
export function formatMinutes(minutes: number): string {
  if (minutes < 1) return 'under a minute';
  const total = Math.round(minutes);
  if (total < 60) return `${total} min`;
  if (total < 24 * 60) {
    const [h, m] = [Math.floor(total / 60), total % 60];
    return m ? `${h} h ${m} min` : `${h} h`;
  }
  const hours = Math.round(minutes / 60);
  const [d, h] = [Math.floor(hours / 24), hours % 24];
  return h ? `${plural(d, 'day')} ${h} h` : plural(d, 'day');
}
