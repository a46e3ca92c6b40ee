import { index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { belongsTo, timestamps } from './columns';
import { contractors } from './contractors';
import { services } from './services';

/** The canonical services a contractor offers. */
export const contractorServices = pgTable(
  'contractor_services',
  {
    contractorId: belongsTo('contractor_id', () => contractors.id),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    position: integer('position').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.contractorId, t.serviceId] }),
    index('contractor_services_service_id_idx').on(t.serviceId, t.contractorId),
  ],
);
