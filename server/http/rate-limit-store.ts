import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { DbCtx } from '../context';

/** A key's window after a change: its points and how long until it ends. */
export interface Window {
  points: number;
  msLeft: number;
}

const SWEEP_EVERY_MS = 5 * 60_000;

/** Account names in keys are hashed: the table says how often, not who. */
export const accountKey = (account: string) =>
  createHash('sha256').update(account.trim().toLowerCase()).digest('hex').slice(0, 32);

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const msLeft = sql.raw(`greatest(ceil(extract(epoch from (expires_at - now())) * 1000), 0)::int as ms_left`);

/**
 * Fixed-window counters in the `rate_limits` table (docs/decisions/0074-rate-limits.md), so every
 * app process on one database counts against one limit. Each change is one statement (an upsert
 * that starts a new window when the old one has ended), and statements that touch several keys take
 * them in key order, so two requests never wait on each other in a circle. Ended windows are
 * deleted by the first change after each SWEEP_EVERY_MS: no timer, so nothing to stop and nothing
 * keeping a process alive, and an idle database gains no rows to delete. Windows are on the
 * database's clock (now() in SQL), one for every process, not the app's (ctx.clock): a moved test
 * clock must not lift or extend a limit (docs/decisions/0092-services-take-ctx.md).
 */
export class RateLimits {
  private lastSweep = 0;

  constructor(
    private readonly ctx: DbCtx,
    private readonly sweepEveryMs = SWEEP_EVERY_MS,
  ) {}

  /** Adds a point to each key (a new window of windowMs for keys without a live one). */
  async hit(keys: string[], windowMs: number): Promise<Map<string, Window>> {
    const sorted = [...new Set(keys)].sort();
    const values = sql.join(
      sorted.map((key) => sql`(${key}, 1, now() + ${windowMs}::int * interval '1 millisecond')`),
      sql`, `,
    );
    const [result] = await Promise.all([
      this.ctx.db.execute(sql`
        insert into rate_limits (key, points, expires_at) values ${values}
        on conflict (key) do update set
          points = case when rate_limits.expires_at <= now() then excluded.points else rate_limits.points + excluded.points end,
          expires_at = case when rate_limits.expires_at <= now() then excluded.expires_at else rate_limits.expires_at end
        returning key, points, ${msLeft}`),
      this.sweepNow(),
    ]);
    return new Map(
      rowsOf<{ key: string; points: number; ms_left: number }>(result).map((r) => [
        r.key,
        { points: r.points, msLeft: r.ms_left },
      ]),
    );
  }

  /**
   * Takes back one point from each key in `giveBack` and clears the keys in `clear`, within their
   * live windows (an attempt that turned out not to count).
   */
  async undo(giveBack: string[], clear: string[] = []): Promise<void> {
    const keys = [...new Set([...giveBack, ...clear])].sort();
    if (keys.length === 0) return;
    const clearing: SQL = clear.length ? sql`r.key in ${clear}` : sql`false`;
    await this.ctx.db.execute(sql`
      update rate_limits r set points = case when ${clearing} then 0 else greatest(r.points - 1, 0) end
      from (select key from rate_limits where key in ${keys} and expires_at > now() order by key for update) locked
      where r.key = locked.key`);
  }

  /** Deletes windows that have ended; rows being changed right now are left for the next sweep. */
  async sweep(): Promise<number> {
    const result = await this.ctx.db.execute(sql`
      delete from rate_limits where key in (select key from rate_limits where expires_at <= now() for update skip locked) returning key`);
    return rowsOf(result).length;
  }

  private async sweepNow(): Promise<void> {
    // Housekeeping interval, on the wall clock like the windows it sweeps.
    const now = Date.now();
    if (now - this.lastSweep < this.sweepEveryMs) return;
    this.lastSweep = now;
    // Housekeeping: a failed sweep must not fail the request; the next one retries.
    await this.sweep().catch(() => {
      this.lastSweep = 0;
    });
  }
}
