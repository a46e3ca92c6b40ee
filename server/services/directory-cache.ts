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

interface VersionSource {
  read: () => Promise<number>;
  /** The version, while notifications vouch that nothing has changed since it was read. */
  known: number | null;
  /** Counts notifications, so a read that overlapped a change is not kept. */
  changes: number;
  following: boolean;
}
const sources = new WeakMap<Db, VersionSource>();

function sourceOf(db: Db): VersionSource {
  let src = sources.get(db);
  if (!src) {
    const s: VersionSource = { known: null, changes: 0, following: false, read: () => Promise.resolve(0) };
    s.read = freshRead(async () => {
      const changesBefore = s.changes;
      const [row] = await db.select({ version: directoryState.version }).from(directoryState).where(eq(directoryState.id, 1));
      const version = row?.version ?? 0;
      if (s.following && s.changes === changesBefore) s.known = version;
      return version;
    });
    sources.set(db, (src = s));
  }
  return src;
}

/**
 * For a database this process alone can write (the embedded one): every new version is
 * announced before the write resolves, so the version can be kept in memory between changes.
 */
export async function followDirectoryChanges(db: Db, listen: (channel: string, onNotify: () => void) => Promise<void>): Promise<void> {
  const src = sourceOf(db);
  await listen('directory_version', () => {
    src.changes++;
    src.known = null;
  });
  src.following = true;
}

/** The current directory version; concurrent requests share reads (see freshRead). */
export function directoryVersion(db: Db): Promise<number> {
  const src = sourceOf(db);
  return src.known !== null ? Promise.resolve(src.known) : src.read();
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
