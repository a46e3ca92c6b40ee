/**
 * The counties whose read models are in memory (docs/decisions/0101-read-model-per-county.md):
 * one entry per county, made when the county is first asked for, kept in least recently used
 * order, and dropped when idle longer than `idleMs` or, least recently used first, while the entries'
 * sizes add up to more than `budgetBytes`. The entry in use is never the one dropped, so a county
 * larger than the whole budget is still answered from memory, alone.
 */
export interface ResidentOptions {
  budgetBytes: number;
  idleMs: number;
  /** The wall clock (epoch ms): idleness is a duration, not the app's time. */
  now: () => number;
  onEvict?: (key: string, why: 'idle' | 'budget') => void;
}

interface Entry<V> {
  value: V;
  bytes: number;
  usedAt: number;
}

export class Residents<V> {
  /** In least recently used order: a use moves its entry to the end. */
  private readonly entries = new Map<string, Entry<V>>();
  private last: string | null = null;
  private sweptAt: number;
  private total = 0;

  constructor(private readonly opts: ResidentOptions) {
    this.sweptAt = opts.now();
  }

  /** The entry of `key`, made by `make` when there is none; marks it used, and drops the idle ones now and then. */
  use(key: string, make: () => V): V {
    const now = this.opts.now();
    let e = this.entries.get(key);
    if (!e) {
      this.entries.set(key, (e = { value: make(), bytes: 0, usedAt: now }));
    } else if (this.last !== key) {
      // The single-county path touches nothing but the time: its entry is already the most recent.
      this.entries.delete(key);
      this.entries.set(key, e);
    }
    this.last = key;
    e.usedAt = now;
    if (now - this.sweptAt >= Math.min(this.opts.idleMs, 60_000)) this.sweepIdle(now, key);
    return e.value;
  }

  /** Whether `value` is the entry of `key` still (not dropped since). */
  holds(key: string, value: V): boolean {
    return this.entries.get(key)?.value === value;
  }

  /** Records how much memory the entry of `key` holds now, and drops the least recently used others while over the budget. */
  setBytes(key: string, bytes: number): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.total += bytes - e.bytes;
    e.bytes = bytes;
    for (const [other, o] of this.entries) {
      if (this.total <= this.opts.budgetBytes) break;
      if (other !== key) this.drop(other, o, 'budget');
    }
  }

  /** Drops every entry, without calling onEvict (bench:memory measures what they held). */
  clear(): void {
    this.entries.clear();
    this.total = 0;
    this.last = null;
  }

  /** The entries held, least recently used first, with their sizes and how long each has been idle. */
  held(): { key: string; bytes: number; idleMs: number }[] {
    const now = this.opts.now();
    return [...this.entries].map(([key, e]) => ({ key, bytes: e.bytes, idleMs: now - e.usedAt }));
  }

  /** The sizes of the entries held, added up. */
  get bytes(): number {
    return this.total;
  }

  private sweepIdle(now: number, keep: string): void {
    this.sweptAt = now;
    for (const [key, e] of this.entries) {
      if (now - e.usedAt <= this.opts.idleMs) break;
      if (key !== keep) this.drop(key, e, 'idle');
    }
  }

  private drop(key: string, e: Entry<V>, why: 'idle' | 'budget'): void {
    this.entries.delete(key);
    this.total -= e.bytes;
    if (this.last === key) this.last = null;
    this.opts.onEvict?.(key, why);
  }
}
