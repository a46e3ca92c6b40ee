import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongsTo, timestamps } from './columns';
import { contractors } from './contractors';
import { leads } from './leads';

/**
 * Each invitation to claim a listing, sent or due (docs/decisions/0132-claim-invitations.md): at
 * most one invitation and two reminders per business, each a row, sent by the job queue.
 */
export const claimInvitations = pgTable(
  'claim_invitations',
  {
    id: serial('id').primaryKey(),
    contractorId: belongsTo('contractor_id', () => contractors.id),
    /** 0: the invitation; 1 and 2: the reminders. */
    round: integer('round').notNull(),
    email: text('email').notNull(),
    /** The request that caused it, when a homeowner asked the unclaimed business for a quote. */
    leadId: integer('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    /** The one-click opt-out link's token, hashed (server/accounts/account-tokens.ts). */
    optOutTokenHash: text('opt_out_token_hash').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('claim_invitations_round_check', sql`${t.round} between 0 and 2`),
    uniqueIndex('claim_invitations_round_idx').on(t.contractorId, t.round),
    uniqueIndex('claim_invitations_token_idx').on(t.optOutTokenHash),
  ],
);
