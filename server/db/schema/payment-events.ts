import { pgTable, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

/** Provider webhook events already handled, so a replay changes nothing (docs/decisions/0007-payment-provider.md). */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  ...timestamps,
});
