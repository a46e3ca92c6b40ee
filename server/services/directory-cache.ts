import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { directoryState } from '../db/schema';

/**
 * Answers of the public directory, kept until the directory version moves (database triggers
 * bump it on any write to what the directory shows). Each request still reads the version, one
 * primary-key lookup, so a change made by any process or any write path is seen at once.
 */
class VersionedLru {
  private readonly entries = new Map<string, { version: number; value: unknown }>();

  constructor(private readonly max: number) {}

  get(key: string, version: number): unknown {
    const e = this.entries.get(key);
    if (!e || e.version !== version) return undefined;
    // Re-insert so the Map's order is least recently used first.
    this.entries.delete(key);
    this.entries.set(key, e);
    return e.value;
  }

  set(key: string, version: number, value: unknown) {
    this.entries.delete(key);
    this.entries.set(key, { version, value });
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }
}

const caches = new WeakMap<Db, VersionedLru>();

export async function directoryVersion(db: Db): Promise<number> {
  const [row] = await db.select({ version: directoryState.version }).from(directoryState).where(eq(directoryState.id, 1));
  return row?.version ?? 0;
}

/** The cached answer for a key at the current version, computing it on a miss. */
export async function cachedDirectory<T>(db: Db, key: string, compute: () => Promise<T>, enabled = true): Promise<T> {
  if (!enabled) return compute();
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new VersionedLru(2000)));
  const version = await directoryVersion(db);
  const hit = cache.get(key, version);
  if (hit !== undefined) return hit as T;
  const value = await compute();
  cache.set(key, version, value);
  return value;
}
