import { sql, type SQL } from 'drizzle-orm';
import { regions } from '../db/schema';

/**
 * A county's id from its slug, inside the query that needs it (a subquery: no round trip first);
 * null for no such county, which matches nothing and refuses an insert's not-null column.
 * Its own module, beside no context type, so the directory can use it without an import cycle.
 */
export const countyIdOfSlug = (slug: string): SQL<number> =>
  sql<number>`(select ${regions.id} from ${regions} where ${regions.slug} = ${slug})`;
