import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { belongsTo } from './columns';
import { CREDENTIALS, REMINDER_AUDIENCES } from '../../../shared/credentials';
import { contractors } from './contractors';

/**
 * Expiry reminders already sent (docs/decisions/0033-credential-expiry.md), so each goes once: per
 * credential and expiry date (a renewal gets its own), to the contractor 30 and 7 days ahead and
 * into the administrator's list once.
 */
export const credentialReminders = pgTable(
  'credential_reminders',
  {
    contractorId: belongsTo('contractor_id', () => contractors.id),
    credential: text('credential', { enum: CREDENTIALS }).notNull(),
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    audience: text('audience', { enum: REMINDER_AUDIENCES }).notNull(),
    /** Days ahead of the expiry the reminder is for: 30 or 7. */
    daysBefore: integer('days_before').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.contractorId, t.credential, t.expiresOn, t.audience, t.daysBefore] }),
    check('credential_reminders_credential_check', sql`${t.credential} in ('registration', 'insurance')`),
    check('credential_reminders_audience_check', sql`${t.audience} in ('contractor', 'admin')`),
    check('credential_reminders_days_check', sql`${t.daysBefore} in (30, 7)`),
  ],
);
