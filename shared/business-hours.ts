/**
 * A contractor's business hours (docs/decisions/0111-listing-edits.md): one entry a weekday,
 * Monday first, each open from one time to a later one the same day, or closed (null). A listing
 * that never set its own shows the specification's fixed hours, DEFAULT_BUSINESS_HOURS.
 */

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_LABELS: Record<Weekday, string> = {
  mon: 'Mon',
  tue: 'Tue',
  wed: 'Wed',
  thu: 'Thu',
  fri: 'Fri',
  sat: 'Sat',
  sun: 'Sun',
};

export interface DayHours {
  /** 'HH:MM', 24-hour. */
  open: string;
  close: string;
}
/** Seven entries, Monday to Sunday; null is closed that day. */
export type WeeklyHours = (DayHours | null)[];

const weekdays = (h: DayHours) => Array.from({ length: 5 }, () => ({ ...h }));
/** The specification's fixed hours: Mon-Fri 7:00 AM-6:00 PM, Sat 8:00 AM-4:00 PM, Sun Closed. */
export const DEFAULT_BUSINESS_HOURS: WeeklyHours = [
  ...weekdays({ open: '07:00', close: '18:00' }),
  { open: '08:00', close: '16:00' },
  null,
];

/** '07:00' -> '7:00 AM', as the specification writes hours. */
export function formatTime(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  const suffix = h < 12 ? 'AM' : 'PM';
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}:${String(m).padStart(2, '0')} ${suffix}`;
}

const dayText = (d: DayHours | null) => (d ? `${formatTime(d.open)}-${formatTime(d.close)}` : 'Closed');

/**
 * The lines a profile shows: runs of consecutive days with the same hours are one line
 * ('Mon-Fri', '7:00 AM-6:00 PM'), so the default reads exactly as the specification's.
 */
export function hoursLines(hours: WeeklyHours | null | undefined): { days: string; hours: string }[] {
  const week = hours && hours.length === 7 ? hours : DEFAULT_BUSINESS_HOURS;
  const lines: { days: string; hours: string }[] = [];
  let start = 0;
  for (let i = 1; i <= 7; i++) {
    if (i < 7 && dayText(week[i]!) === dayText(week[start]!)) continue;
    const first = WEEKDAY_LABELS[WEEKDAYS[start]!];
    const last = WEEKDAY_LABELS[WEEKDAYS[i - 1]!];
    lines.push({ days: start === i - 1 ? first : `${first}-${last}`, hours: dayText(week[start]!) });
    start = i;
  }
  return lines;
}

const SCHEMA_DAYS: Record<Weekday, string> = {
  mon: 'Mo',
  tue: 'Tu',
  wed: 'We',
  thu: 'Th',
  fri: 'Fr',
  sat: 'Sa',
  sun: 'Su',
};

/** schema.org's openingHours ('Mo-Fr 07:00-18:00'), the same runs of days as hoursLines; closed days are left out. */
export function openingHoursSpec(hours: WeeklyHours | null | undefined): string[] {
  const week = hours && hours.length === 7 ? hours : DEFAULT_BUSINESS_HOURS;
  const out: string[] = [];
  let start = 0;
  for (let i = 1; i <= 7; i++) {
    const a = week[start]!;
    const b = week[i];
    if (i < 7 && dayText(b ?? null) === dayText(a)) continue;
    if (a) {
      const first = SCHEMA_DAYS[WEEKDAYS[start]!];
      const last = SCHEMA_DAYS[WEEKDAYS[i - 1]!];
      out.push(`${start === i - 1 ? first : `${first}-${last}`} ${a.open}-${a.close}`);
    }
    start = i;
  }
  return out;
}
