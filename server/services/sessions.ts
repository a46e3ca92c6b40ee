import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbCtx } from '../context';
import { contractors, sessions } from '../db/schema';
import { isListed } from '../directory/cards';

/** Signs a contractor out everywhere: the next request with any of its cookies is anonymous. */
export async function endContractorSessions(ctx: DbCtx, contractorId: number): Promise<void> {
  await ctx.db.delete(sessions).where(eq(sessions.contractorId, contractorId));
}

/** Whether a contractor may still use the portal: approved and listed (docs/decisions/0038-reject-and-portal-access.md). */
export async function contractorMaySignIn(ctx: DbCtx, contractorId: number): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: contractors.id })
    .from(contractors)
    .where(and(eq(contractors.id, contractorId), isListed));
  return Boolean(row);
}

const PRUNE_BATCH = 5_000;

/**
 * Deletes sessions past their expiry (the prune-sessions job, hourly); nothing else removes
 * them. In batches, so a large backlog never holds one long lock. Answers how many went. Expiry
 * is the session store's, on the real clock (server/http/session-store.ts), so the database's now().
 */
export async function pruneExpiredSessions(ctx: DbCtx): Promise<number> {
  const { db } = ctx;
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
