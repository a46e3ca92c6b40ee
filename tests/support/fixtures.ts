import { eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { contractors } from '../../server/db/schema';

/**
 * The sample contractor with this name (server/db/seed/data), for tests of the sample data itself.
 * A test that needs a contractor in some state makes its own with createContractor (./factories).
 */
export async function contractorByName(db: Db, name: string) {
  const [row] = await db.select().from(contractors).where(eq(contractors.name, name));
  if (!row) throw new Error(`No seeded contractor named ${name}`);
  return row;
}

export async function listedContractors(db: Db) {
  const rows = await db.select().from(contractors);
  return rows.filter((c) => c.approvalStatus === 'approved' && c.isVisible);
}
