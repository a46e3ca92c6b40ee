import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

export const DEMO_PAYMENT_KINDS = [
  'payment_intent',
  'checkout_session',
  'subscription',
  'refund',
  'invoice',
  'billing_portal_session',
] as const;
export type DemoPaymentKind = (typeof DEMO_PAYMENT_KINDS)[number];

/**
 * The demo payment provider's own objects (docs/decisions/0045-demo-provider.md): intents ('demo_pi_...'), checkout
 * sessions ('demo_cs_...'), subscriptions ('demo_sub_...'), refunds ('demo_re_...'), invoices ('demo_in_...') and billing portal sessions ('demo_bps_...', docs/decisions/0113-self-service-billing.md), kept in the database so a restart
 * loses nothing. No card is ever charged.
 */
export const demoPayments = pgTable(
  'demo_payments',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: DEMO_PAYMENT_KINDS }).notNull(),
    status: text('status').notNull(),
    amountCents: integer('amount_cents'),
    /** The same key answers the same object, as a provider's Idempotency-Key does. */
    idempotencyKey: text('idempotency_key'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps,
  },
  (t) => [
    check(
      'demo_payments_kind_check',
      sql`${t.kind} in ('payment_intent', 'checkout_session', 'subscription', 'refund', 'invoice', 'billing_portal_session')`,
    ),
    uniqueIndex('demo_payments_idempotency_key_idx').on(t.idempotencyKey),
  ],
);

export type DemoPaymentRow = typeof demoPayments.$inferSelect;
