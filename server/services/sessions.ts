import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client';
import { contractors, sessions } from '../db/schema';
import { isListed } from '../directory/cards';

/** Signs a contractor out everywhere: the next request with any of its cookies is anonymous. */
export async function endContractorSessions(db: Executor, contractorId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.contractorId, contractorId));
}

/** Whether a contractor may still use the portal: approved and listed (docs/decisions/0038-reject-and-portal-access.md). */
export async function contractorMaySignIn(db: Db, contractorId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: contractors.id })
    .from(contractors)
    .where(and(eq(contractors.id, contractorId), isListed));
  return Boolean(row);
}

const PRUNE_BATCH = 5_000;

/**
 * Deletes sessions past their expiry (the prune-sessions job, hourly); nothing else removes
 * them. In batches, so a large backlog never holds one long lock. Answers how many went.
 */
export async function pruneExpiredSessions(db: Db): Promise<number> {
  let total = 0;
  for (;;) {
    const gone = await db
      .delete(sessions)
      .where(
        inArray(
          sessions.sid,
          db
            .select({ sid: sessions.sid })
            .from(sessions)
            .where(lt(sessions.expiresAt, sql`now()`))
            .limit(PRUNE_BATCH),
        ),
      )
      .returning({ sid: sessions.sid });
    total += gone.length;
    if (gone.length < PRUNE_BATCH) return total;
  }
}
