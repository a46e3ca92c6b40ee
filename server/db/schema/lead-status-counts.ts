import { bigint, pgTable, text } from 'drizzle-orm/pg-core';
import { LEAD_STATUSES } from '../../../shared/schemas/lead-status';

/**
 * How many leads have each status and what their prices add up to, kept by a trigger on
 * leads (migrations/0006). The admin's counts and revenue card read five rows instead of
 * counting a table that grows by every quote request.
 */
export const leadStatusCounts = pgTable('lead_status_counts', {
  status: text('status', { enum: LEAD_STATUSES }).primaryKey(),
  leads: bigint('leads', { mode: 'number' }).notNull().default(0),
  priceCents: bigint('price_cents', { mode: 'number' }).notNull().default(0),
});
