import { sql } from 'drizzle-orm';
import { regions, towns } from '../db/schema';

/**
 * The towns of the default county (docs/decisions/0098-counties-are-data.md): what the submission
 * form's home town and test data read until they take a county. The directory reads the request's
 * county instead (server/directory/county.ts, docs/decisions/0101-read-model-per-county.md).
 */
export const inDefaultCounty = sql`${towns.regionId} = (select ${regions.id} from ${regions} where ${regions.isDefault})`;
