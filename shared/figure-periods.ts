/**
 * The periods of the dashboard's charts (docs/decisions/0129-dashboard-charts.md), on the site's
 * days ('YYYY-MM-DD', shared/site-calendar.ts): weeks start on Monday, as figure_week() counts them
 * in the database (migrations/0040), and each period is named by its first day.
 */

import { addMonths } from './months';

const pad = (n: number) => String(n).padStart(2, '0');
const utc = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
};
const dayOf = (at: Date) => `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`;

/** The day `offset` days after `day`. */
export function addDays(day: string, offset: number): string {
  const at = utc(day);
  at.setUTCDate(at.getUTCDate() + offset);
  return dayOf(at);
}

/** The Monday of `day`'s week. */
export function weekOf(day: string): string {
  return addDays(day, -((utc(day).getUTCDay() + 6) % 7));
}

/** The first day of `day`'s month. */
export const monthOf = (day: string): string => `${day.slice(0, 7)}-01`;

/** The Mondays of the `count` weeks ending with `day`'s, oldest first. */
export function lastWeeks(day: string, count: number): string[] {
  const last = weekOf(day);
  return Array.from({ length: count }, (_, i) => addDays(last, -7 * (count - 1 - i)));
}

/** The first days of the `count` months ending with `day`'s, oldest first. */
export function lastMonthStarts(day: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => `${addMonths(day.slice(0, 7), i - (count - 1))}-01`);
}
