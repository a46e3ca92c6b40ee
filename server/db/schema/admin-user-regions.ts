import { index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { adminUsers } from './admin-users';
import { timestamps } from './columns';
import { regions } from './regions';

/** The counties a county administrator administers (docs/decisions/0103-county-administrators.md). */
export const adminUserRegions = pgTable(
  'admin_user_regions',
  {
    adminUserId: integer('admin_user_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.adminUserId, t.regionId] }),
    index('admin_user_regions_region_id_idx').on(t.regionId),
  ],
);
