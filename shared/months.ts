/**
 * Month arithmetic and labels on 'YYYY-MM' strings: no time zone and no county, so the browser
 * takes them without the county data (docs/decisions/0102-region-in-boot-data.md). The site's own
 * days and months are shared/site-calendar.ts.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** The month `offset` months after 'YYYY-MM' (negative: before). */
export function addMonths(month: string, offset: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + offset;
  return `${Math.floor(index / 12)}-${pad((index % 12) + 1)}`;
}

const monthLabel = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const monthLong = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** 'Mar 2026' (or 'March 2026' with `long`) for '2026-03'. */
export function formatMonth(month: string, long = false): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return (long ? monthLong : monthLabel).format(new Date(Date.UTC(y, m - 1, 15)));
}
