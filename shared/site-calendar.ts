import { region } from './region';
import { addMonths } from './months';

export { addMonths, formatMonth } from './months';

/**
 * The site's calendar: days and months are the county's (its time zone, from the region data), so
 * a view at 11 pm in Laporte counts on that day and a month's figures are that month's
 * (docs/decisions/0061-contractor-stats.md).
 */
export const SITE_TIME_ZONE = region.timeZone;

const parts = new Intl.DateTimeFormat('en-US', {
  timeZone: SITE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

function ymd(at: Date): { y: number; m: number; d: number } {
  const p = Object.fromEntries(parts.formatToParts(at).map((x) => [x.type, x.value]));
  return { y: Number(p.year), m: Number(p.month), d: Number(p.day) };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 'December 7, 2026': the site's day at `d`, as emails write it. */
export const longDate = (d: Date) =>
  d.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: SITE_TIME_ZONE });

/** 'YYYY-MM-DD' of the site's day at `at`. */
export function siteDay(at: Date): string {
  const { y, m, d } = ymd(at);
  return `${y}-${pad(m)}-${pad(d)}`;
}

/** 'YYYY-MM' of the site's month at `at`. */
export function siteMonth(at: Date): string {
  const { y, m } = ymd(at);
  return `${y}-${pad(m)}`;
}

/** The last `count` months up to and including the one at `at`, oldest first. */
export function lastMonths(at: Date, count: number): string[] {
  const current = siteMonth(at);
  return Array.from({ length: count }, (_, i) => addMonths(current, i - count + 1));
}
