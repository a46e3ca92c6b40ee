import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { adminUsers } from './admin-users';
import { timestamps } from './columns';

/**
 * An administrator's authenticator app (docs/decisions/0109-admin-two-factor.md): the TOTP secret,
 * sealed with a key derived from SESSION_SECRET, so a copy of the database or a backup alone does
 * not give it away. `confirmedAt` null is an enrolment begun and not yet confirmed with a code;
 * `lastStep` is the 30-second step of the last code accepted, so a code is never taken twice.
 */
export const adminTwoFactor = pgTable('admin_two_factor', {
  adminUserId: integer('admin_user_id')
    .primaryKey()
    .references(() => adminUsers.id, { onDelete: 'cascade' }),
  sealedSecret: text('sealed_secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastStep: integer('last_step'),
  ...timestamps,
});
