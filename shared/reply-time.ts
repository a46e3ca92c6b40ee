/**
 * How a contractor's reply time is counted (docs/decisions/0128-request-page-and-replies.md): in
 * daytime minutes, 8 am to 8 pm in the county's time zone, every day of the week. A lead that
 * arrives at 7 pm and is answered at 9 am the next day was answered in two daytime hours: nobody is
 * expected to call a homeowner at night, and the homeowner sees the hours they could have been
 * called.
 */

export const DAY_STARTS_HOUR = 8;
export const DAY_ENDS_HOUR = 20;
/** Leads of the last 90 days count toward the record, once there are at least 3. */
export const RECORD_DAYS = 90;
export const RECORD_MIN_LEADS = 3;
/** A paid lead with no reply for 4 daytime hours reminds its contractor, once. */
export const REMINDER_AFTER_MINUTES = 4 * 60;

const MINUTE_MS = 60_000;
const partsOf = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock hour and minute at `at` in `timeZone`. */
function wallClock(at: Date, timeZone: string): { hour: number; minute: number } {
  let f = partsOf.get(timeZone);
  if (!f)
    partsOf.set(
      timeZone,
      (f = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: 'numeric', hourCycle: 'h23' })),
    );
  const p = Object.fromEntries(f.formatToParts(at).map((x) => [x.type, x.value]));
  return { hour: Number(p.hour), minute: Number(p.minute) };
}

/** Whether `at` falls between 8 am and 8 pm where the county is. */
export function isDaytime(at: Date, timeZone: string): boolean {
  const { hour } = wallClock(at, timeZone);
  return hour >= DAY_STARTS_HOUR && hour < DAY_ENDS_HOUR;
}

/**
 * Daytime minutes from `from` to `to` (0 when `to` is not later). Walked minute by minute across the
 * night in steps: a step ends at the next hour boundary, so a daylight-saving change (which moves
 * whole hours) is counted as the clock on the wall shows it.
 */
export function daytimeMinutesBetween(from: Date, to: Date, timeZone: string): number {
  let minutes = 0;
  let t = from.getTime();
  const end = to.getTime();
  while (t < end) {
    const { hour, minute } = wallClock(new Date(t), timeZone);
    // From a local midnight, a whole day is 12 daytime hours whatever its length: the hourly job
    // counts 90 days of leads for every contractor, so whole days are not walked hour by hour.
    if (hour === 0 && minute === 0 && t % MINUTE_MS === 0) {
      const next = nextMidnight(t, timeZone);
      if (next <= end) {
        minutes += (DAY_ENDS_HOUR - DAY_STARTS_HOUR) * 60;
        t = next;
        continue;
      }
    }
    const step = Math.min((60 - minute) * MINUTE_MS - (t % MINUTE_MS), end - t);
    if (isDaytime(new Date(t), timeZone)) minutes += step / MINUTE_MS;
    t += step;
  }
  return Math.round(minutes);
}

/** The next local midnight after the one at `t`: 24 hours on, or 23 or 25 across a daylight-saving change. */
function nextMidnight(t: number, timeZone: string): number {
  const next = t + 24 * 60 * MINUTE_MS;
  const { hour } = wallClock(new Date(next), timeZone);
  return hour === 23 ? next + 60 * MINUTE_MS : hour === 1 ? next - 60 * MINUTE_MS : next;
}

/**
 * The record shown on a profile: the median daytime minutes to the first reply or call mark over the
 * leads of the last 90 days, once there are at least 3. A lead not answered yet counts as slower
 * than every answer, so a contractor that answers fewer than half gets no record rather than a
 * flattering one. Null: nothing to show.
 */
export function medianReplyMinutes(samples: readonly (number | null)[]): number | null {
  if (samples.length < RECORD_MIN_LEADS) return null;
  const sorted = samples.map((m) => m ?? Number.POSITIVE_INFINITY).sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return Number.isFinite(median) ? median : null;
}

/** "Usually replies within 2 hours": whole hours, rounded up; within an hour below that; in days past a daytime day (12 hours). */
export function replyLabel(minutes: number): string {
  if (minutes <= 60) return 'Usually replies within an hour';
  const hours = Math.ceil(minutes / 60);
  if (hours <= 12) return `Usually replies within ${hours} hours`;
  // Past 12 daytime hours the answer came on a later day.
  return `Usually replies within ${Math.ceil(hours / 12)} days`;
}
