import { eq } from 'drizzle-orm';
import type { Executor } from '../client';
import { contractorBilling, contractorCredentials, contractors, type ContractorRow } from '../schema';
import type { ContractorRecordValues } from './factories';

/**
 * Writes contractors made by contractorValues (factories.ts) to their tables, in one batch: the
 * listings, their credentials, and the billing rows the database made with them where the values
 * say more than the Free plan. The sample seed, the tests and the benchmarks store contractors
 * this way; the site stores a submission through its services. Answers the listings in order.
 */
export async function insertContractors(
  db: Executor,
  records: readonly ContractorRecordValues[],
): Promise<ContractorRow[]> {
  if (!records.length) return [];
  const rows = await db
    .insert(contractors)
    .values(records.map((r) => r.listing))
    .returning();
  // PostgreSQL answers a multi-row INSERT's rows in the order of its values.
  const credentials = rows.flatMap((row, i) => records[i]!.credentials.map((c) => ({ ...c, contractorId: row.id })));
  if (credentials.length) await db.insert(contractorCredentials).values(credentials);
  for (const [i, row] of rows.entries()) {
    const { billing } = records[i]!;
    if (Object.keys(billing).length)
      await db.update(contractorBilling).set(billing).where(eq(contractorBilling.contractorId, row.id));
  }
  return rows;
}
