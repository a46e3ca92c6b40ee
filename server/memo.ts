import { VersionedLru } from '@shared/versioned-lru';

/**
 * Values the services derive from rows and keep between requests, each stamped with what it was
 * derived from (a post's edit time, a fingerprint of the pricing rules), owned by the app context
 * (AppContext.memo) rather than by module scope. A value whose stamp changed is made again.
 */
export class Memo {
  private readonly values = new VersionedLru<unknown>(1000);

  /** The value kept under `key` for `stamp`, or the one `make` returns (then kept). */
  get<T>(key: string, stamp: string | number, make: () => T): T {
    const kept = this.values.get(key, stamp);
    if (kept !== undefined) return kept as T;
    const value = make();
    this.values.set(key, stamp, value);
    return value;
  }

  /** Drops every value (bench:memory measures what they held). */
  clear(): void {
    this.values.clear();
  }

  /** Drops what is kept under `key` if it is still `value` (a promise that failed, say), so the next get makes it again. */
  forget(key: string, value: unknown): void {
    this.values.deleteIf(key, (kept) => kept === value);
  }
}
