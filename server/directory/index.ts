import type { ContractorPage, ContractorProfile, DirectoryQuery } from '@shared/schemas/directory';
import { VersionedLru } from '@shared/versioned-lru';
import type { Database, Db } from '../db/client';
import { isDatabaseUnreachable } from '../db/unreachable';
import { notFound } from '../domain/errors';
import type { Logger } from '../logger';
import { deepFreeze, type Frozen } from '@shared/deep-freeze';
import type { Freshness } from './freshness';
import { loadSnapshot, type Snapshot } from './snapshot';
import { sqlPage, sqlProfile } from './sql';
import { checkServicePage, servicePageOf, servicePageQuery, sqlCoverage } from './coverage';
import type { ServiceCoverage, ServicePageAnswer, ServicePageParams } from '@shared/schemas/service-pages';
import { readTaxonomyIds, type TaxonomyIds } from './taxonomy';
import { VersionSource } from './version';

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
}

/**
 * The read side of the site, owned by the app (AppContext.directory) rather than by module
 * scope: the directory version and the snapshot of the listed directory answering search, browse,
 * featured, profiles and service pages, the taxonomy ids, and the public reads outside the
 * snapshot (the blog, reviews, lead prices) kept for outages. DIRECTORY_CACHE switches the data
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
  private taxonomyIds: Promise<TaxonomyIds> | null = null;
  /** The snapshot loading or loaded for the newest version asked for, on the day it was asked. */
  private held: { version: number; day: string; snapshot: Promise<Snapshot> } | null = null;
  /** The newest snapshot loaded, and when its version was last known to be current. */
  private loaded: { snapshot: Snapshot; confirmedAt: number } | null = null;
  /** Public reads outside the snapshot (the blog): the last answer to each (and its JSON), for outages and to hand out again while unchanged. */
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
    this.versions = new VersionSource(database.db);
    if (database.listen) void this.versions.follow(database.listen).catch((err: unknown) => opts.log?.warn('directory change notifications are off', { err }));
  }

  /** The current directory version. */
  version(): Promise<number> {
    return this.versions.current();
  }

  /** Slug -> id maps of services and towns. They change only at start-up (the seed's sync), so they are read once. */
  taxonomy(): Promise<TaxonomyIds> {
    if (!this.taxonomyIds) {
      const p = (this.taxonomyIds = readTaxonomyIds(this.db));
      p.catch(() => this.taxonomyIds === p && (this.taxonomyIds = null));
    }
    return this.taxonomyIds;
  }

  /** Search, browse and featured: one page of listed contractors with its counts. */
  async contractors(q: DirectoryQuery, freshness?: Freshness): Promise<Frozen<ContractorPage>> {
    if (!this.cache) return deepFreeze(await sqlPage(this.db, await this.taxonomy(), q, this.today()));
    return (await this.snapshot(freshness)).page(q);
  }

  /** A listed contractor's public profile; hidden, pending, rejected and missing ones are not found. */
  async profile(id: number, freshness?: Freshness): Promise<Frozen<ContractorProfile>> {
    const profile = this.cache ? (await this.snapshot(freshness)).profile(id) : deepFreeze(await sqlProfile(this.db, id, this.today()));
    if (!profile) throw notFound('Contractor not found');
    return profile;
  }

  /** Which services listed contractors offer, and where, with counts: what has a service page (docs/decisions/0065-directory-read-model.md). */
  async coverage(freshness?: Freshness): Promise<Frozen<ServiceCoverage>> {
    if (!this.cache) return deepFreeze(await sqlCoverage(this.db));
    return (await this.snapshot(freshness)).coverage();
  }

  /** A service page (`/contractors/roofing[/laporte]`); an unknown service or town, or a combination without a contractor, is not found. */
  async servicePage(p: ServicePageParams, freshness?: Freshness): Promise<Frozen<ServicePageAnswer>> {
    if (!this.cache) {
      const ids = await this.taxonomy();
      checkServicePage(p, ids);
      const [coverage, page] = await Promise.all([sqlCoverage(this.db), sqlPage(this.db, ids, servicePageQuery(p), this.today())]);
      return deepFreeze(servicePageOf(p, coverage, page));
    }
    const snapshot = await this.snapshot(freshness);
    checkServicePage(p, snapshot.ids);
    return snapshot.servicePage(p);
  }

  /**
   * A public read the snapshot does not hold (the blog), answered by `fetch`; its answer is kept,
   * so while the database is unreachable the last one is answered instead (STALE_IF_ERROR). An
   * answer equal to the one kept is answered as the kept object itself, as the snapshot's are:
   * what is made from an answer (its gzip, a rendered page) is kept by the answer's identity.
   */
  async read<T>(key: string, fetch: () => Promise<T>, freshness?: Freshness): Promise<Frozen<T>> {
    if (!this.cache) return deepFreeze(await fetch());
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

  /** The snapshot at the current version, or while the database is unreachable the last one loaded, if recent enough. */
  private async snapshot(freshness?: Freshness): Promise<Snapshot> {
    const last = this.loaded;
    // While the database is away requests do not wait for it, unless its notifications vouch for the version.
    if (this.down && !this.versions.vouched && last && this.usable(last.confirmedAt)) return this.stale(last.snapshot, last.confirmedAt, freshness);
    try {
      return await this.currentSnapshot();
    } catch (err) {
      const fallback = this.loaded;
      if (!this.wentAway(err) || !fallback || !this.usable(fallback.confirmedAt)) throw err;
      return this.stale(fallback.snapshot, fallback.confirmedAt, freshness);
    }
  }

  /**
   * A new version is loaded once, however many requests ask for it at the same moment; requests
   * that arrive while a version read is in flight share the next read (see fresh-read.ts).
   */
  private async currentSnapshot(): Promise<Snapshot> {
    const version = await this.versions.current();
    const day = this.today();
    this.reachable();
    const h = this.held;
    // A failed load is forgotten (below), so a held one is loading or loaded. A new day loads the
    // same rows again: expiry dates that came drop their badges without any row changing.
    if (h && h.version >= version && h.day === day) {
      if (this.loaded && this.loaded.snapshot.version >= version) this.loaded.confirmedAt = this.now();
      return h.snapshot;
    }
    const snapshot = loadSnapshot(this.db, day).then((s) => {
      if (!this.loaded || this.loaded.snapshot.version <= s.version) this.loaded = { snapshot: s, confirmedAt: this.now() };
      return s;
    });
    const next = { version, day, snapshot };
    this.held = next;
    snapshot.catch(() => this.held === next && (this.held = null));
    return snapshot;
  }

  private usable(confirmedAt: number): boolean {
    return this.now() - confirmedAt <= this.staleIfErrorMs;
  }

  /** Whether the error says the database cannot be reached; the first such error of an outage is logged. */
  private wentAway(err: unknown): boolean {
    if (!isDatabaseUnreachable(err)) return false;
    if (!this.down) this.log?.warn('the database is unreachable: public reads answer from the data loaded last (STALE_IF_ERROR)', { error: err instanceof Error ? err.message : String(err) });
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
