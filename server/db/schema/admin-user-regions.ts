import { index, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { adminUsers } from './admin-users';
import { belongsTo, timestamps } from './columns';
import { regions } from './regions';

/** The counties a county administrator administers (docs/decisions/0103-county-administrators.md). */
export const adminUserRegions = pgTable(
  'admin_user_regions',
  {
    adminUserId: belongsTo('admin_user_id', () => adminUsers.id),
    regionId: belongsTo('region_id', () => regions.id),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.adminUserId, t.regionId] }),
    index('admin_user_regions_region_id_idx').on(t.regionId),
  ],
);
