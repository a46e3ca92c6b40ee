import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { belongsTo } from './columns';
import { CREDENTIAL_ACTIONS, CREDENTIAL_ACTORS, CREDENTIALS } from '../../../shared/credentials';
import { adminUsers } from './admin-users';
import { contractors } from './contractors';

/**
 * The history of a contractor's credentials (docs/decisions/0032-credential-verification.md): every
 * change, verification, withdrawal, lapse and certificate, with who and how. Rows are only ever
 * added.
 */
export const credentialEvents = pgTable(
  'credential_events',
  {
    id: serial('id').primaryKey(),
    contractorId: belongsTo('contractor_id', () => contractors.id),
    credential: text('credential', { enum: CREDENTIALS }).notNull(),
    action: text('action', { enum: CREDENTIAL_ACTIONS }).notNull(),
    /** How it was checked, what changed, or why it lapsed, in words. */
    detail: text('detail').notNull().default(''),
    actor: text('actor', { enum: CREDENTIAL_ACTORS }).notNull(),
    adminUserId: integer('admin_user_id').references(() => adminUsers.id, { onDelete: 'set null' }),
    /** The administrator's username at the time, kept if that account is renamed or removed. */
    actorName: text('actor_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('credential_events_credential_check', sql`${t.credential} in ('registration', 'insurance')`),
    check(
      'credential_events_action_check',
      sql`${t.action} in ('submitted', 'updated', 'verified', 'unverified', 'lapsed', 'certificate')`,
    ),
    check('credential_events_actor_check', sql`${t.actor} in ('admin', 'contractor', 'applicant', 'system')`),
    index('credential_events_contractor_idx').on(
      t.contractorId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

export type CredentialEventRow = typeof credentialEvents.$inferSelect;
