import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Numbers that answered STOP (docs/decisions/0118-text-messages.md): no text goes to them until they answer START. */
export const textOptOuts = pgTable('text_opt_outs', {
  phone: text('phone').primaryKey(),
  optedOutAt: timestamp('opted_out_at', { withTimezone: true }).notNull().defaultNow(),
});
