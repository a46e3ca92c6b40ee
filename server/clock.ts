import { sql, type SQL } from 'drizzle-orm';
import { siteDay } from '@shared/site-calendar';

/**
 * The app's clock (AppContext.clock): what day it is for expiry dates, the daily credential job
 * and the directory's answers (docs/decisions/0033-credential-expiry.md). Tests move it in their
 * own process by replacing `now`, and browser tests through routes only a NODE_ENV=test server has
 * (server/routes/test-clock.ts); production always reads the system clock.
 */
export interface Clock {
  now(): Date;
}

export function createClock(): Clock {
  return { now: () => new Date() };
}

/**
 * The clock's time as an SQL value, for a stamp written inside an SQL expression (a coalesce, a raw
 * update); a plain column value takes clock.now() itself. The database's now() is for limits shared
 * by every process (rate limits, session expiry), each saying so where it is used.
 */
export const sqlNow = (clock: Clock): SQL<Date> => sql<Date>`${clock.now().toISOString()}::timestamptz`;

/** The site's day ('YYYY-MM-DD', America/New_York) on the clock. */
export const today = (clock: Clock) => siteDay(clock.now());

/**
 * today(clock) as a function that remembers the day for the minute it was last asked in: the site's
 * day changes only on a whole minute (time zone offsets are whole minutes), and the directory asks
 * on every request, where formatting the date cost more than the index lookup
 * (docs/decisions/0072-public-answers-fast-path.md). Made per app context (server/main.ts), so it is
 * no module state; a moved test clock is still read.
 */
export function todayOf(clock: Clock): () => string {
  let minute = NaN;
  let day = '';
  return () => {
    const at = clock.now();
    const m = Math.floor(at.getTime() / 60_000);
    if (m !== minute) {
      day = siteDay(at);
      minute = m;
    }
    return day;
  };
}
