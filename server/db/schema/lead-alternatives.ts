import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongsTo, timestamps } from './columns';
import { contractors } from './contractors';
import { leads } from './leads';

/**
 * Another contractor offered to the homeowner of a released lead (docs/decisions/0117-lead-routing.md):
 * its "Send my request to them" link is the SHA-256 of a random token, single use (used_at,
 * new_lead_id) and expiring.
 */
export const leadAlternatives = pgTable(
  'lead_alternatives',
  {
    id: serial('id').primaryKey(),
    leadId: belongsTo('lead_id', () => leads.id),
    contractorId: belongsTo('contractor_id', () => contractors.id),
    rank: integer('rank').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    newLeadId: integer('new_lead_id').references(() => leads.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('lead_alternatives_token_hash_idx').on(t.tokenHash),
    index('lead_alternatives_lead_id_idx').on(t.leadId),
  ],
);

export type LeadAlternativeRow = typeof leadAlternatives.$inferSelect;
