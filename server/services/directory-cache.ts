import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { directoryState } from '../db/schema';
import { VersionedLru } from '@shared/versioned-lru';
import { freshRead } from './fresh-read';

/**
 * Answers of the public directory, kept until the directory version moves (database triggers
 * bump it on any write to what the directory shows). Each request still reads the version (one
 * primary-key lookup, shared by requests that arrive together), so a change made by any process
 * or any write path is seen at once.
 */
const caches = new WeakMap<Db, VersionedLru<unknown>>();

const versionReaders = new WeakMap<Db, () => Promise<number>>();

/** The current directory version; concurrent requests share reads (see freshRead). */
export function directoryVersion(db: Db): Promise<number> {
  let read = versionReaders.get(db);
  if (!read) {
    read = freshRead(async () => {
      const [row] = await db.select({ version: directoryState.version }).from(directoryState).where(eq(directoryState.id, 1));
      return row?.version ?? 0;
    });
    versionReaders.set(db, read);
  }
  return read();
}

/** The cached answer for a key at the current version, computing it on a miss. */
export async function cachedDirectory<T>(db: Db, key: string, compute: () => Promise<T>, enabled = true): Promise<T> {
  if (!enabled) return compute();
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new VersionedLru<unknown>(2000)));
  const version = await directoryVersion(db);
  const hit = cache.get(key, version);
  if (hit !== undefined) return hit as T;
  const value = await compute();
  cache.set(key, version, value);
  return value;
}
