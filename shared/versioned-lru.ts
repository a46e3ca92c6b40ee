/**
 * A bounded map whose entries are valid only for the stamp they were stored with (a data
 * version, or the inputs a value was computed from). The least recently used key goes first
 * once `max` is reached.
 */
export class VersionedLru<T> {
  private readonly entries = new Map<string, { stamp: string | number; value: T; at: number }>();
  /** Counts insertions; an entry's `at` is the count when it was last put at the recent end. */
  private clock = 0;
  /**
   * A hit moves its entry to the recent end only once other entries have been put there since:
   * moving every hit cost a Map delete and insert on every cached answer
   * (docs/decisions/0067-reused-answers-and-pages.md), and an entry within the last `slack`
   * insertions is never the one evicted anyway.
   */
  private readonly slack: number;

  constructor(private readonly max: number) {
    this.slack = Math.max(1, max >> 6);
  }

  get(key: string, stamp: string | number): T | undefined {
    const e = this.entries.get(key);
    if (!e || e.stamp !== stamp) return undefined;
    if (this.clock - e.at >= this.slack) {
      // Re-insert so the Map's order is least recently used first.
      this.entries.delete(key);
      e.at = ++this.clock;
      this.entries.set(key, e);
    }
    return e.value;
  }

  /** Removes the entry under `key` when `test` holds for its value, whatever its stamp. */
  deleteIf(key: string, test: (value: T) => boolean): void {
    const e = this.entries.get(key);
    if (e && test(e.value)) this.entries.delete(key);
  }

  /** Drops every entry (bench:memory measures what the entries held). */
  clear(): void {
    this.entries.clear();
  }

  set(key: string, stamp: string | number, value: T): void {
    this.entries.delete(key);
    this.entries.set(key, { stamp, value, at: ++this.clock });
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }
}
