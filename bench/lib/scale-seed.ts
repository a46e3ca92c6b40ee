import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { createContractorsAtRandom, createLeadsAtRandom } from '../../tests/support/factories';

export { rng } from '../../tests/support/factories';

/** Adds n approved, visible contractors spread over the towns and services, in batches (the test factories' random spread). */
export async function seedScaleContractors(db: Db, n: number, seed = 42, batch = 1000): Promise<void> {
  await createContractorsAtRandom(db, n, { seed, batch });
  await db.execute(sql`analyze`);
}

/** Adds n leads for random listed contractors, in batches; statuses mostly new and delivered. */
export async function seedScaleLeads(db: Db, n: number, seed = 7, batch = 5000): Promise<void> {
  await createLeadsAtRandom(db, n, { seed, batch });
  // What autovacuum does to a table after a million inserts: statistics, and the visibility map
  // that lets the admin list's index-only scans skip the table.
  await db.execute(sql`vacuum analyze leads`);
}
