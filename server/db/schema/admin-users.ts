import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { ADMIN_ROLES } from '../../../shared/admin-roles';
import { timestamps } from './columns';

/**
 * Administrators (docs/decisions/0103-county-administrators.md): a platform administrator sees every
 * county; a county administrator only the counties assigned in admin_user_regions. A new row is a
 * county administrator with no county (it sees nothing) unless it is said otherwise. A disabled
 * account cannot sign in and its sessions stop at their next request. `email`, when set, is where a
 * county administrator gets its counties' notices, digest and credential lists
 * (docs/decisions/0106-county-emails-and-jobs.md).
 */
export const adminUsers = pgTable(
  'admin_users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ADMIN_ROLES }).notNull().default('county'),
    email: text('email'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** Moves when the platform administrator resets the password or the two-factor sign-in: every session of an older one is over (docs/decisions/0109-admin-two-factor.md). */
    sessionGeneration: integer('session_generation').notNull().default(0),
    ...timestamps,
  },
  (t) => [check('admin_users_role_check', sql`${t.role} in ('platform', 'county')`)],
);
