import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { contractors } from './contractors';

/**
 * Each invitation to claim a listing, sent or due (docs/decisions/0132-claim-invitations.md): at
 * most one invitation and two reminders per business, each a row, sent by the job queue.
 */
export const claimInvitations = pgTable(
  'claim_invitations',
  {
    id: serial('id').primaryKey(),
    contractorId: integer('contractor_id')
      .notNull()
      .references(() => contractors.id, { onDelete: 'cascade' }),
    /** 0: the invitation; 1 and 2: the reminders. */
    round: integer('round').notNull(),
    email: text('email').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('claim_invitations_round_check', sql`${t.round} between 0 and 2`),
    index('claim_invitations_contractor_id_idx').on(t.contractorId, t.round),
  ],
);
