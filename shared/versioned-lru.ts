/**
 * A bounded map whose entries are valid only for the stamp they were stored with (a data
 * version, or the inputs a value was computed from). The least recently used key goes first
 * once `max` is reached.
 */
export class VersionedLru<T> {
  private readonly entries = new Map<string, { stamp: string | number; value: T }>();

  constructor(private readonly max: number) {}

  get(key: string, stamp: string | number): T | undefined {
    const e = this.entries.get(key);
    if (!e || e.stamp !== stamp) return undefined;
    // Re-insert so the Map's order is least recently used first.
    this.entries.delete(key);
    this.entries.set(key, e);
    return e.value;
  }

  set(key: string, stamp: string | number, value: T): void {
    this.entries.delete(key);
    this.entries.set(key, { stamp, value });
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }
}
