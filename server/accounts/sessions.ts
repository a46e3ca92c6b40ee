import { and, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { DbCtx } from '../context';
import { contractorAccounts, contractors, sessions } from '../db/schema';
import { isListed } from '../directory/cards';

/**
 * Signs a contractor out everywhere (but the session `except`, when given): the next request with
 * any of its other cookies is anonymous.
 */
export async function endContractorSessions(ctx: DbCtx, contractorId: number, except?: string): Promise<void> {
  await ctx.db
    .delete(sessions)
    .where(and(eq(sessions.contractorId, contractorId), except ? ne(sessions.sid, except) : undefined));
}

/**
 * Ends every session of the account, also one being written back by a request in flight (a
 * sign-in that checked the old password): each session carries the generation it signed in with,
 * checked by contractorMaySignIn (docs/decisions/0108-contractor-password-reset.md). Answers the
 * new generation, for a session that is to go on.
 */
export async function newSessionGeneration(ctx: DbCtx, accountId: number): Promise<number> {
  const [row] = await ctx.db
    .update(contractorAccounts)
    .set({ sessionGeneration: sql`${contractorAccounts.sessionGeneration} + 1` })
    .where(eq(contractorAccounts.id, accountId))
    .returning({ contractorId: contractorAccounts.contractorId, generation: contractorAccounts.sessionGeneration });
  if (row) await endContractorSessions(ctx, row.contractorId);
  return row?.generation ?? 0;
}

/**
 * Whether a contractor's session may still use the portal: approved and listed
 * (docs/decisions/0038-reject-and-portal-access.md), and signed in since its account last ended
 * its sessions (a session from before generations counted is of generation 0).
 */
export async function contractorMaySignIn(ctx: DbCtx, contractorId: number, generation = 0): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: contractors.id })
    .from(contractors)
    .leftJoin(contractorAccounts, eq(contractorAccounts.contractorId, contractors.id))
    .where(
      and(
        eq(contractors.id, contractorId),
        isListed,
        sql`coalesce(${contractorAccounts.sessionGeneration}, 0) = ${generation}`,
      ),
    );
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
