import { and, eq } from 'drizzle-orm';
import type { Db, Executor } from '../db/client';
import { contractors, sessions } from '../db/schema';
import { isListed } from './directory-cards';

/** Signs a contractor out everywhere: the next request with any of its cookies is anonymous. */
export async function endContractorSessions(db: Executor, contractorId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.contractorId, contractorId));
}

/** Whether a contractor may still use the portal: approved and listed (docs/decisions.md §1.7). */
export async function contractorMaySignIn(db: Db, contractorId: number): Promise<boolean> {
  const [row] = await db.select({ id: contractors.id }).from(contractors).where(and(eq(contractors.id, contractorId), isListed));
  return Boolean(row);
}
