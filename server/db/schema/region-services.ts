import { integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { belongsTo, timestamps } from './columns';
import { regions } from './regions';
import { services } from './services';

/** The services a county's site offers (docs/decisions/0098-counties-are-data.md): one taxonomy, chosen per county. */
export const regionServices = pgTable(
  'region_services',
  {
    regionId: belongsTo('region_id', () => regions.id),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.regionId, t.serviceId] })],
);
