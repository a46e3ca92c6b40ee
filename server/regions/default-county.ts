import { sql } from 'drizzle-orm';
import { regions, towns } from '../db/schema';

/**
 * The towns of the county this deployment serves today: the default one
 * (docs/decisions/0098-counties-are-data.md). Other counties' towns, added by `npm run region:add`,
 * stay out of its site, its taxonomy and its forms until each county has a site of its own.
 */
export const inDefaultCounty = sql`${towns.regionId} = (select ${regions.id} from ${regions} where ${regions.isDefault})`;
