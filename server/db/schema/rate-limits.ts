import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Fixed-window counters for rate limits and sign-in throttles (docs/decisions/0074-rate-limits.md):
 * one row per key and window, changed by one atomic upsert, so every app process on the database
 * counts against the same limit. Rows whose window has ended are deleted periodically.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    points: integer('points').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_expires_at_idx').on(t.expiresAt)],
);
