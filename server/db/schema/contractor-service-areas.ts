import { index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { belongsTo, timestamps } from './columns';
import { contractors } from './contractors';
import { towns } from './towns';

/** Towns a contractor works in (docs/decisions/0001-region-data.md); the home town is usually one of them. */
export const contractorServiceAreas = pgTable(
  'contractor_service_areas',
  {
    contractorId: belongsTo('contractor_id', () => contractors.id),
    townId: integer('town_id')
      .notNull()
      .references(() => towns.id),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.contractorId, t.townId] }),
    index('contractor_service_areas_town_id_idx').on(t.townId, t.contractorId),
  ],
);
