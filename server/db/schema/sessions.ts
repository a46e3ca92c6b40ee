import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { adminUsers } from './admin-users';
import { contractors } from './contractors';

/** express-session rows (docs/decisions/0008-accounts-and-sessions.md); the owner columns let the server end a user's sessions. */
export const sessions = pgTable(
  'sessions',
  {
    sid: text('sid').primaryKey(),
    data: jsonb('data').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    adminUserId: integer('admin_user_id').references(() => adminUsers.id, { onDelete: 'cascade' }),
    contractorId: integer('contractor_id').references(() => contractors.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [
    index('sessions_expires_at_idx').on(t.expiresAt),
    index('sessions_admin_user_id_idx').on(t.adminUserId),
    index('sessions_contractor_id_idx').on(t.contractorId),
  ],
);
