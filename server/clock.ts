import { siteDay } from '@shared/site-calendar';

/**
 * The app's clock (AppContext.clock): what day it is for expiry dates, the daily credential job
 * and the directory's answers (docs/decisions.md §3 "Credentials"). Tests move it in their own
 * process by replacing `now`, and browser tests through routes only a NODE_ENV=test server has
 * (server/routes/test-clock.ts); production always reads the system clock.
 */
export interface Clock {
  now(): Date;
}

export function createClock(): Clock {
  return { now: () => new Date() };
}

/** The site's day ('YYYY-MM-DD', America/New_York) on the clock. */
export const today = (clock: Clock) => siteDay(clock.now());
