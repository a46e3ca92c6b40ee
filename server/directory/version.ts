import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { directoryState, directoryVersions, regions } from '../db/schema';
import { freshRead } from './fresh-read';

/** One version's reads: the value while notifications vouch for it, and reads shared by the requests that arrive together. */
interface Followed {
  known: number | null;
  read: () => Promise<number>;
}

/**
 * The directory versions: database triggers set them on any write to what the directory shows
 * (migrations 0002, 0005, 0017), so a change made by any process or any write path is seen by the
 * next read. Each county has its own, moved only by writes that touch its site, and one global
 * version moves with every one of them (what the host check reads: server/regions/sites.ts)
 * (docs/decisions/0101-read-model-per-county.md). Each read is one primary-key lookup, shared by
 * the requests that arrive together.
 */
export class VersionSource {
  /** Counts notifications, so a read that overlapped a change is not kept. */
  private changes = 0;
  private following = false;
  private readonly global: Followed;
  private readonly counties = new Map<string, Followed>();
  private readonly readCounty: (slug: string) => Promise<number>;

  constructor(db: Db) {
    // Prepared once: on a server every request waits for a version read, and building the query
    // each time cost more than the read (docs/decisions/0072-public-answers-fast-path.md).
    const globalStatement = db.select({ version: directoryState.version }).from(directoryState).where(eq(directoryState.id, 1)).prepare('directory_version');
    const countyStatement = db
      .select({ version: directoryVersions.version })
      .from(directoryVersions)
      .innerJoin(regions, eq(regions.id, directoryVersions.regionId))
      .where(eq(regions.slug, sql.placeholder('slug')))
      .prepare('directory_county_version');
    this.global = this.followed(async () => (await globalStatement.execute())[0]?.version ?? 0);
    this.readCounty = async (slug) => (await countyStatement.execute({ slug }))[0]?.version ?? 0;
  }

  private followed(read: () => Promise<number>): Followed {
    const f: Followed = {
      known: null,
      read: freshRead(async () => {
        const changesBefore = this.changes;
        const version = await read();
        if (this.following && this.changes === changesBefore) f.known = version;
        return version;
      }),
    };
    return f;
  }

  private county(slug: string): Followed {
    let f = this.counties.get(slug);
    if (!f) this.counties.set(slug, (f = this.followed(() => this.readCounty(slug))));
    return f;
  }

  /**
   * For a database this process alone can write (the embedded one): every new version is announced
   * before the write resolves, with the slugs of the counties it moved, so versions can be kept in
   * memory between changes. An announcement naming no county forgets every version.
   */
  async follow(listen: (channel: string, onNotify: (payload: string) => void) => Promise<void>): Promise<void> {
    await listen('directory_version', (payload) => {
      this.changes++;
      this.global.known = null;
      if (!payload) for (const f of this.counties.values()) f.known = null;
      else
        for (const slug of payload.split(',')) {
          const f = this.counties.get(slug);
          if (f) f.known = null;
        }
    });
    this.following = true;
  }

  /** Notifications vouch for the county's version (or the global one) in memory: it is current without asking the database. */
  vouched(county?: string): boolean {
    return (county === undefined ? this.global : this.counties.get(county))?.known != null;
  }

  /** The current version of a county's directory, or without one the global version; concurrent callers share reads (see freshRead). */
  current(county?: string): Promise<number> {
    const f = county === undefined ? this.global : this.county(county);
    return f.known !== null ? Promise.resolve(f.known) : f.read();
  }

  /** A read of the global version from the database itself, even while notifications vouch for it: does it answer? */
  check(): Promise<number> {
    return this.global.read();
  }

  /** Forgets a county's version reads (its snapshot was evicted). */
  forget(county: string): void {
    this.counties.delete(county);
  }
}
