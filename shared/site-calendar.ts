import { region } from './region';

/**
 * The site's calendar: days and months are the county's (its time zone, from the region data), so
 * a view at 11 pm in Laporte counts on that day and a month's figures are that month's
 * (docs/decisions/0061-contractor-stats.md).
 */
export const SITE_TIME_ZONE = region.timeZone;

const parts = new Intl.DateTimeFormat('en-US', { timeZone: SITE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

function ymd(at: Date): { y: number; m: number; d: number } {
  const p = Object.fromEntries(parts.formatToParts(at).map((x) => [x.type, x.value]));
  return { y: Number(p.year), m: Number(p.month), d: Number(p.day) };
}

const pad = (n: number) => String(n).padStart(2, '0');

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

/** The month `offset` months after 'YYYY-MM' (negative: before). */
export function addMonths(month: string, offset: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + offset;
  return `${Math.floor(index / 12)}-${pad((index % 12) + 1)}`;
}

/** The last `count` months up to and including the one at `at`, oldest first. */
export function lastMonths(at: Date, count: number): string[] {
  const current = siteMonth(at);
  return Array.from({ length: count }, (_, i) => addMonths(current, i - count + 1));
}

const monthLabel = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const monthLong = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** 'Mar 2026' (or 'March 2026' with `long`) for '2026-03'. */
export function formatMonth(month: string, long = false): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return (long ? monthLong : monthLabel).format(new Date(Date.UTC(y, m - 1, 15)));
}
