import type { ContractorPage, ContractorProfile, DirectoryQuery } from '@shared/schemas/directory';
import { VersionedLru } from '@shared/versioned-lru';
import type { Database, Db } from '../db/client';
import { isDatabaseUnreachable } from '../db/unreachable';
import { notFound } from '../domain/errors';
import type { Logger } from '../logger';
import { deepFreeze, type Frozen } from '@shared/deep-freeze';
import type { Freshness } from './freshness';
import { loadSnapshot, type Snapshot } from './snapshot';
import { sqlGallery, sqlPage, sqlProfile } from './sql';
import type { GalleryPage, GalleryQuery } from '@shared/schemas/gallery';
import { checkServicePage, servicePageOf, servicePageQuery, sqlCoverage } from './coverage';
import type { ServiceCoverage, ServicePageAnswer, ServicePageParams } from '@shared/schemas/service-pages';
import { readTaxonomyIds, type TaxonomyIds } from './taxonomy';
import { VersionSource } from './version';
import { Residents } from './residents';

export type { Frozen } from '@shared/deep-freeze';
export { Freshness } from './freshness';
export type { TaxonomyIds } from './taxonomy';

export interface DirectoryOptions {
  /** DIRECTORY_CACHE: false answers every read in SQL (the reference) and keeps no data between requests. */
  cache: boolean;
  /** STALE_IF_ERROR: how long after the data was last known current it may still answer public reads while the database is unreachable. */
  staleIfErrorMs: number;
  log?: Pick<Logger, 'info' | 'warn'>;
  /**
   * The wall clock (epoch ms) STALE_IF_ERROR is measured on: how long the data has gone
   * unconfirmed, a duration, not the app's time (docs/decisions/0092-services-take-ctx.md).
   */
  now?: () => number;
  /**
   * The site's day ('YYYY-MM-DD') answers are for, from the app's clock (todayOf(ctx.clock)): an
   * expiry date drops a badge on its day, so a snapshot is kept per version and day
   * (docs/decisions/0033-credential-expiry.md).
   */
  today: () => string;
  /** DIRECTORY_MEMORY_MB in bytes: the counties' snapshots together stay under it, least recently used dropped first (docs/decisions/0101-read-model-per-county.md). */
  memoryBudgetBytes?: number;
  /** A county's snapshot not asked for this long is dropped (default 30 minutes). */
  idleMs?: number;
  /**
   * The deployment's address (ctx.siteUrl, known once the server listens), from which other
   * counties' sites are addressed: a profile's canonical address is on its home county's site
   * (docs/decisions/0106-county-emails-and-jobs.md).
   */
  siteUrl?: () => string;
}

/** What the read model holds of one county: its snapshot loading or loaded, and its taxonomy ids. */
interface CountyModel {
  /** The snapshot loading or loaded for the newest version asked for, on the day it was asked. */
  held: { version: number; day: string; snapshot: Promise<Snapshot> } | null;
  /** The newest snapshot loaded, and when its version was last known to be current. */
  loaded: { snapshot: Snapshot; confirmedAt: number } | null;
  taxonomyIds: Promise<TaxonomyIds> | null;
}

/** Without DIRECTORY_MEMORY_MB: 256 MB, some 80 counties of a thousand contractors each, or a county of 100,000. */
export const DEFAULT_MEMORY_BUDGET_MB = 256;
const IDLE_MS = 30 * 60_000;

/**
 * The read side of the site, owned by the app (AppContext.directory) rather than by module
 * scope: per county, the directory version and the snapshot of the county's listed directory
 * answering search, browse, featured, profiles and service pages, and the taxonomy ids; and the
 * public reads outside the snapshot (the blog, reviews, lead prices) kept for outages, by county.
 * Every method takes the county (its slug, from countyOf(res) in a route). A county's snapshot is
 * loaded when the county is first asked for and dropped when idle or when the snapshots together
 * exceed the memory budget (docs/decisions/0101-read-model-per-county.md). DIRECTORY_CACHE switches the data
 * caches off in this one place. Everything handed out is deeply frozen. What is made from answers
 * (their JSON and gzip, parsed inputs, rendered pages) is kept by the HTTP layer and the page
 * handler (server/http/answer-cache.ts, server/render/page-cache.ts). See
 * docs/decisions/0065-directory-read-model.md.
 */
export class Directory {
  readonly cache: boolean;

  private readonly db: Db;
  private readonly versions: VersionSource;
  private readonly staleIfErrorMs: number;
  private readonly log?: DirectoryOptions['log'];
  private readonly now: () => number;
  private readonly today: () => string;
  private readonly siteUrl: () => string;
  /** The counties in memory, least recently used first. */
  private readonly counties: Residents<CountyModel>;
  /** Public reads outside the snapshot (the blog), by county and key: the last answer to each (and its JSON), for outages and to hand out again while unchanged. */
  private readonly kept = new VersionedLru<{ value: unknown; json: string; at: number }>(500);
  /** The last read found the database unreachable; cleared by the next answer from it. */
  private down = false;
  private probing: Promise<unknown> | null = null;

  constructor(database: Pick<Database, 'db' | 'listen'>, opts: DirectoryOptions) {
    this.db = database.db;
    this.cache = opts.cache;
    this.staleIfErrorMs = opts.staleIfErrorMs;
    this.log = opts.log;
    // eslint-disable-next-line no-restricted-syntax -- a duration on the wall clock (DirectoryOptions.now)
    this.now = opts.now ?? (() => Date.now());
    this.today = opts.today;
    this.siteUrl = opts.siteUrl ?? (() => '');
    this.counties = new Residents({
      budgetBytes: opts.memoryBudgetBytes ?? DEFAULT_MEMORY_BUDGET_MB * 1024 * 1024,
      idleMs: opts.idleMs ?? IDLE_MS,
      now: this.now,
      onEvict: (county, why) => opts.log?.info('a county directory snapshot was dropped', { county, why }),
    });
    this.versions = new VersionSource(database.db);
    if (database.listen)
      void this.versions
        .follow(database.listen)
        .catch((err: unknown) => opts.log?.warn('directory change notifications are off', { err }));
  }

  /**
   * The current directory version of a county (moved only by writes that touch its site), or without
   * one the global version, which every write moves; `since` as in VersionSource.current.
   */
  version(county?: string, since?: number): Promise<number> {
    return this.versions.current(county, since);
  }

  private model(county: string): CountyModel {
    return this.counties.use(county, () => ({ held: null, loaded: null, taxonomyIds: null }));
  }

  /**
   * Slug -> id maps of the services a county offers and its towns. They change only at start-up
   * (the seed's sync) or when a county is added, so they are read once per county (again after the
   * county was dropped from memory); a county without towns yet is not kept.
   */
  taxonomy(county: string): Promise<TaxonomyIds> {
    const m = this.model(county);
    if (!m.taxonomyIds) {
      const p = (m.taxonomyIds = readTaxonomyIds(this.db, county));
      const forget = () => m.taxonomyIds === p && (m.taxonomyIds = null);
      p.then((ids) => ids.townSlugs.length === 0 && forget(), forget);
    }
    return m.taxonomyIds;
  }

  /** Search, browse and featured: one page of the county's listed contractors with its counts. */
  async contractors(county: string, q: DirectoryQuery, freshness?: Freshness): Promise<Frozen<ContractorPage>> {
    if (!this.cache) return deepFreeze(await sqlPage(this.db, county, await this.taxonomy(county), q, this.today()));
    return (await this.snapshot(county, freshness)).page(q);
  }

  /** A contractor's public profile on a county's site; hidden, pending, rejected, missing ones and those the county does not list are not found. */
  async profile(county: string, id: number, freshness?: Freshness): Promise<Frozen<ContractorProfile>> {
    const profile = this.cache
      ? (await this.snapshot(county, freshness)).profile(id)
      : deepFreeze(await sqlProfile(this.db, county, id, this.today(), this.siteUrl()));
    if (!profile) throw notFound('Contractor not found');
    return profile;
  }

  /** Which services the county's listed contractors offer, and where, with counts: what has a service page (docs/decisions/0065-directory-read-model.md). */
  async coverage(county: string, freshness?: Freshness): Promise<Frozen<ServiceCoverage>> {
    if (!this.cache) return deepFreeze(await sqlCoverage(this.db, county));
    return (await this.snapshot(county, freshness)).coverage();
  }

  /** A county's service page (`/contractors/roofing[/laporte]`); an unknown service or town, or a combination without a contractor, is not found. */
  async servicePage(county: string, p: ServicePageParams, freshness?: Freshness): Promise<Frozen<ServicePageAnswer>> {
    if (!this.cache) {
      const ids = await this.taxonomy(county);
      checkServicePage(p, ids);
      const [coverage, page] = await Promise.all([
        sqlCoverage(this.db, county),
        sqlPage(this.db, county, ids, servicePageQuery(p), this.today()),
      ]);
      return deepFreeze(servicePageOf(p, coverage, page));
    }
    const snapshot = await this.snapshot(county, freshness);
    checkServicePage(p, snapshot.ids);
    return snapshot.servicePage(p);
  }

  /** A page of the county's project gallery: approved project photos of its listed contractors (docs/decisions/0112-photos-on-the-public-site.md). */
  async gallery(county: string, q: GalleryQuery, freshness?: Freshness): Promise<Frozen<GalleryPage>> {
    if (!this.cache) return deepFreeze(await sqlGallery(this.db, county, await this.taxonomy(county), q, this.today()));
    return (await this.snapshot(county, freshness)).gallery(q);
  }

  /** The counties whose snapshots are in memory, least recently used first, with their estimated sizes (bench and tests). */
  resident(): { county: string; bytes: number; idleMs: number }[] {
    return this.counties.held().map(({ key, bytes, idleMs }) => ({ county: key, bytes, idleMs }));
  }

  /** Drops every county's snapshot and the kept public reads; the next read loads them again (bench:memory measures what they held). */
  forgetAll(): void {
    this.counties.clear();
    this.kept.clear();
  }

  /**
   * A public read the snapshot does not hold (the blog), answered by `fetch`; its answer is kept
   * under the county and `key` (one county's answer is never another's),
   * so while the database is unreachable the last one is answered instead (STALE_IF_ERROR). An
   * answer equal to the one kept is answered as the kept object itself, as the snapshot's are:
   * what is made from an answer (its gzip, a rendered page) is kept by the answer's identity.
   */
  async read<T>(county: string, key: string, fetch: () => Promise<T>, freshness?: Freshness): Promise<Frozen<T>> {
    if (!this.cache) return deepFreeze(await fetch());
    key = `${county}\n${key}`;
    const kept = this.kept.get(key, 0);
    if (this.down && kept && this.usable(kept.at)) return this.stale(kept.value as Frozen<T>, kept.at, freshness);
    try {
      const fresh = await fetch();
      this.reachable();
      const json = JSON.stringify(fresh);
      const last = this.kept.get(key, 0);
      const value = last && last.json === json ? (last.value as Frozen<T>) : deepFreeze(fresh);
      this.kept.set(key, 0, { value, json, at: this.now() });
      return value;
    } catch (err) {
      const last = this.kept.get(key, 0);
      if (!this.wentAway(err) || !last || !this.usable(last.at)) throw err;
      return this.stale(last.value as Frozen<T>, last.at, freshness);
    }
  }

  /** The county's snapshot at its current version, or while the database is unreachable the last one loaded, if recent enough. */
  private async snapshot(county: string, freshness?: Freshness): Promise<Snapshot> {
    const m = this.model(county);
    const last = m.loaded;
    // While the database is away requests do not wait for it, unless its notifications vouch for the version.
    if (this.down && !this.versions.vouched(county) && last && this.usable(last.confirmedAt))
      return this.stale(last.snapshot, last.confirmedAt, freshness);
    try {
      return await this.currentSnapshot(county, m, freshness?.since);
    } catch (err) {
      const fallback = m.loaded;
      if (!this.wentAway(err) || !fallback || !this.usable(fallback.confirmedAt)) throw err;
      return this.stale(fallback.snapshot, fallback.confirmedAt, freshness);
    }
  }

  /**
   * A new version is loaded once, however many requests ask for it at the same moment; requests
   * that arrive while a version read is in flight share the next read (see fresh-read.ts).
   */
  private async currentSnapshot(county: string, m: CountyModel, since?: number): Promise<Snapshot> {
    const version = await this.versions.current(county, since);
    const day = this.today();
    this.reachable();
    const h = m.held;
    // A failed load is forgotten (below), so a held one is loading or loaded. A new day loads the
    // same rows again: expiry dates that came drop their badges without any row changing.
    if (h && h.version >= version && h.day === day) {
      if (m.loaded && m.loaded.snapshot.version >= version) m.loaded.confirmedAt = this.now();
      return h.snapshot;
    }
    const snapshot = loadSnapshot(this.db, county, day, this.siteUrl()).then((s) => {
      if (!m.loaded || m.loaded.snapshot.version <= s.version) {
        m.loaded = { snapshot: s, confirmedAt: this.now() };
        // Counted once loaded: the budget drops the least recently used other counties if need be.
        if (this.counties.holds(county, m)) this.counties.setBytes(county, s.bytes);
      }
      return s;
    });
    const next = { version, day, snapshot };
    m.held = next;
    snapshot.catch(() => m.held === next && (m.held = null));
    return snapshot;
  }

  private usable(confirmedAt: number): boolean {
    return this.now() - confirmedAt <= this.staleIfErrorMs;
  }

  /** Whether the error says the database cannot be reached; the first such error of an outage is logged. */
  private wentAway(err: unknown): boolean {
    if (!isDatabaseUnreachable(err)) return false;
    if (!this.down)
      this.log?.warn('the database is unreachable: public reads answer from the data loaded last (STALE_IF_ERROR)', {
        error: err instanceof Error ? err.message : String(err),
      });
    this.down = true;
    return true;
  }

  /** The database answered: an outage, if there was one, is over. */
  private reachable(): void {
    if (!this.down) return;
    this.down = false;
    this.log?.info('the database answers again: public reads are fresh');
  }

  /** Answers from older data, and lets one read at a time find out whether the database is back. */
  private stale<T>(value: T, confirmedAt: number, freshness?: Freshness): T {
    freshness?.stale(confirmedAt);
    this.probing ??= this.versions
      .check()
      .then(
        () => this.reachable(),
        () => undefined,
      )
      .finally(() => (this.probing = null));
    return value;
  }
}

export function createDirectory(database: Pick<Database, 'db' | 'listen'>, opts: DirectoryOptions): Directory {
  return new Directory(database, opts);
}
