import { index, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { adminUsers } from './admin-users';
import { belongsTo, timestamps } from './columns';

/**
 * One-time recovery codes of an administrator's two-factor sign-in
 * (docs/decisions/0109-admin-two-factor.md): shown once, only their SHA-256 kept (80 random bits
 * each, so no salt or slow hash is needed); `usedAt` once spent. A new set replaces the old.
 */
export const adminRecoveryCodes = pgTable(
  'admin_recovery_codes',
  {
    id: serial('id').primaryKey(),
    adminUserId: belongsTo('admin_user_id', () => adminUsers.id),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('admin_recovery_codes_hash_idx').on(t.codeHash),
    index('admin_recovery_codes_admin_idx').on(t.adminUserId),
  ],
);
