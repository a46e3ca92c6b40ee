import { eq } from 'drizzle-orm';
import type { DbCtx } from '../context';
import { contractors } from '../db/schema';

/**
 * Takes the listing's row lock for the rest of the transaction (ctx.db): a contractor's uploads,
 * edits, claims and their decisions happen one after the other. False when there is no such
 * listing.
 */
export async function lockContractor(ctx: DbCtx, contractorId: number): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: contractors.id })
    .from(contractors)
    .where(eq(contractors.id, contractorId))
    .for('update');
  return row !== undefined;
}
