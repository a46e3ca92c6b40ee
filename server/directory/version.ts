import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { directoryState } from '../db/schema';
import { freshRead } from './fresh-read';

/**
 * The directory version: database triggers bump it on any write to what the directory shows
 * (migrations 0002, 0005), so a change made by any process or any write path is seen by the next
 * read. Each read is one primary-key lookup, shared by the requests that arrive together.
 */
export class VersionSource {
  /** The version, while notifications vouch that nothing has changed since it was read. */
  private known: number | null = null;
  /** Counts notifications, so a read that overlapped a change is not kept. */
  private changes = 0;
  private following = false;
  private readonly read: () => Promise<number>;

  constructor(db: Db) {
    // Prepared once: on a server every request waits for a version read, and building the query
    // each time cost more than the read (docs/decisions/0072-public-answers-fast-path.md).
    const statement = db.select({ version: directoryState.version }).from(directoryState).where(eq(directoryState.id, 1)).prepare('directory_version');
    this.read = freshRead(async () => {
      const changesBefore = this.changes;
      const [row] = await statement.execute();
      const version = row?.version ?? 0;
      if (this.following && this.changes === changesBefore) this.known = version;
      return version;
    });
  }

  /**
   * For a database this process alone can write (the embedded one): every new version is announced
   * before the write resolves, so the version can be kept in memory between changes.
   */
  async follow(listen: (channel: string, onNotify: () => void) => Promise<void>): Promise<void> {
    await listen('directory_version', () => {
      this.changes++;
      this.known = null;
    });
    this.following = true;
  }

  /** Notifications vouch for the version in memory: it is current without asking the database. */
  get vouched(): boolean {
    return this.known !== null;
  }

  /** The current version; concurrent callers share reads (see freshRead). */
  current(): Promise<number> {
    return this.known !== null ? Promise.resolve(this.known) : this.read();
  }

  /** A read of the version from the database itself, even while notifications vouch for it: does it answer? */
  check(): Promise<number> {
    return this.read();
  }
}
