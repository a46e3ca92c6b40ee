import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { belongsTo, timestamps } from './columns';
import { contractors } from './contractors';

/**
 * The checkout a contractor last started for a paid plan (docs/decisions/0113-self-service-billing.md):
 * a second start while it is still open answers the same session, and `attempt` plus the hash of
 * what was sent make the provider's idempotency key, so a double click or two tabs make one session
 * and a new attempt after it completed or expired gets a key of its own.
 */
export const subscriptionCheckouts = pgTable(
  'subscription_checkouts',
  {
    contractorId: belongsTo('contractor_id', () => contractors.id),
    planId: text('plan_id', { enum: ['pro', 'premium'] }).notNull(),
    attempt: integer('attempt').notNull().default(0),
    /** What the attempt's session was made with (price, customer, return addresses), hashed. */
    paramsHash: text('params_hash'),
    sessionId: text('session_id'),
    sessionUrl: text('session_url'),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.contractorId, t.planId] }),
    check('subscription_checkouts_plan_check', sql`${t.planId} in ('pro', 'premium')`),
  ],
);

export type SubscriptionCheckoutRow = typeof subscriptionCheckouts.$inferSelect;
