import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { directoryState, directoryVersions, regions } from '../db/schema';
import { freshRead } from './fresh-read';

/** One read of every version: the global one and each county's, and when (performance.now()) the read was sent. */
interface Versions {
  global: number;
  counties: ReadonlyMap<string, number>;
  startedAt: number;
}

/** The key of the global version among the ones notifications vouch for. */
const GLOBAL = '';

/**
 * The directory versions: database triggers set them on any write to what the directory shows
 * (migrations 0002, 0005, 0017), so a change made by any process or any write path is seen by the
 * next read. Each county has its own, moved only by writes that touch its site, and one global
 * version moves with every one of them (what the host check reads: server/counties/sites.ts)
 * (docs/decisions/0101-read-model-per-county.md).
 *
 * Every version is read in one statement (a few dozen rows at most), shared by all the requests
 * that arrive together whatever their county: with many counties a read per county let each
 * request wait for a round trip of its own. A request may take a read sent after it arrived (the
 * host check's, then its county's), which sees every write committed before it did.
 */
export class VersionSource {
  /** Counts notifications, so a read that overlapped a change is not kept. */
  private changes = 0;
  private following = false;
  /** The versions notifications vouch for, by county slug (GLOBAL for the global one). */
  private readonly known = new Map<string, number>();
  /** The last read that came back. */
  private last: Versions | null = null;
  private readonly readAll: () => Promise<Versions>;

  constructor(db: Db) {
    // Prepared once: on a server every request waits for a version read, and building the query
    // each time cost more than the read (docs/decisions/0072-public-answers-fast-path.md).
    const statement = db
      .select({ slug: sql<string>`''`, version: directoryState.version })
      .from(directoryState)
      .where(eq(directoryState.id, 1))
      .unionAll(
        db
          .select({ slug: regions.slug, version: directoryVersions.version })
          .from(directoryVersions)
          .innerJoin(regions, eq(regions.id, directoryVersions.regionId)),
      )
      .prepare('directory_versions_all');
    this.readAll = freshRead(async () => {
      const changesBefore = this.changes;
      const startedAt = performance.now();
      const rows = await statement.execute();
      const counties = new Map<string, number>();
      let global = 0;
      for (const r of rows)
        if (r.slug === GLOBAL) global = Number(r.version);
        else counties.set(r.slug, Number(r.version));
      const read: Versions = { global, counties, startedAt };
      if (!this.last || this.last.startedAt < startedAt) this.last = read;
      if (this.following && this.changes === changesBefore) {
        this.known.set(GLOBAL, global);
        for (const [slug, v] of counties) this.known.set(slug, v);
      }
      return read;
    });
  }

  /**
   * For a database this process alone can write (the embedded one): every new version is announced
   * before the write resolves, with the slugs of the counties it moved, so versions can be kept in
   * memory between changes. An announcement naming no county forgets every version.
   */
  async follow(listen: (channel: string, onNotify: (payload: string) => void) => Promise<void>): Promise<void> {
    await listen('directory_version', (payload) => {
      this.changes++;
      if (!payload) this.known.clear();
      else {
        this.known.delete(GLOBAL);
        for (const slug of payload.split(',')) this.known.delete(slug);
      }
    });
    this.following = true;
  }

  /** Notifications vouch for the county's version (or the global one) in memory: it is current without asking the database. */
  vouched(county?: string): boolean {
    return this.known.has(county ?? GLOBAL);
  }

  /**
   * The current version of a county's directory (0 for a county without one yet), or without one
   * the global version. `since` (performance.now() when the request arrived) lets a read sent after
   * that answer; otherwise the caller shares the next read (see fresh-read.ts).
   */
  async current(county?: string, since?: number): Promise<number> {
    const known = this.known.get(county ?? GLOBAL);
    if (known !== undefined) return known;
    const last = this.last;
    const read = last && since !== undefined && last.startedAt >= since ? last : await this.readAll();
    return county === undefined ? read.global : (read.counties.get(county) ?? 0);
  }

  /** A read of the global version from the database itself, even while notifications vouch for it: does it answer? */
  async check(): Promise<number> {
    return (await this.readAll()).global;
  }
}
