import { deepFreeze, type Frozen } from '@shared/deep-freeze';
import type { AdminLeadList } from '@shared/schemas/admin-leads';
import { VersionedLru } from '@shared/versioned-lru';
import type { Database, Db } from './db/client';
import { leadListVersions } from './db/schema';
import { freshRead } from './directory/fresh-read';

/** The scope and the query a page answers: its key among the kept pages. */
export interface LeadPageKey {
  /** The counties the page covers: null is every county. */
  regionIds: readonly number[] | null;
  status: string;
  page: number;
  pageSize: number;
}

/**
 * Pages of the administrator's lead table kept between requests, each stamped with the lead list
 * versions of the counties it covers (docs/decisions/0068-lead-counts-and-index-order.md): an
 * administrator comes back to the same few pages, and reading, shaping and compressing an
 * unchanged page again cost most of a request. Triggers move a county's version on any write to
 * what its lead table shows (migrations/0033), in the write's own transaction, so a page is
 * answered again only while no write has committed to its counties since it was read.
 *
 * Built once per database (Database.prepared) and shared by the app's requests. The versions are
 * read in one statement of a few dozen rows, shared by the requests that arrive together
 * (fresh-read.ts): each request takes a read sent after it arrived, so it sees every write that
 * committed before. The version is read before the page: a write committing between the two gives
 * a page newer than its stamp, which a later stamp replaces, never an older one.
 */
export class LeadPages {
  /** A page as a promise, so the requests that miss together share one read of it. */
  private readonly pages = new VersionedLru<Promise<Frozen<AdminLeadList>>>(256);
  private readonly readVersions: () => Promise<ReadonlyMap<number, number>>;

  constructor(db: Db) {
    const statement = db.select().from(leadListVersions).prepare('lead_list_versions_all');
    this.readVersions = freshRead(
      async () => new Map((await statement.execute()).map((r) => [r.regionId, Number(r.version)])),
    );
  }

  /** Drops every kept page (bench:memory measures what they held). */
  clear(): void {
    this.pages.clear();
  }

  /** The kept page for `key` if its counties are unchanged since it was read, or the one `read` answers (then kept). */
  async get(key: LeadPageKey, read: () => Promise<AdminLeadList>): Promise<Frozen<AdminLeadList>> {
    const versions = await this.readVersions();
    const id = `${key.regionIds?.join(',') ?? '*'}|${key.status}|${key.page}|${key.pageSize}`;
    const stamp = stampOf(versions, key.regionIds);
    const kept = this.pages.get(id, stamp);
    if (kept) return kept;
    const made = read().then(deepFreeze);
    this.pages.set(id, stamp, made);
    made.catch(() => this.pages.deleteIf(id, (p) => p === made));
    return made;
  }
}

/** The database's one LeadPages, shared by the app's requests. */
export const leadPagesOf = (database: Pick<Database, 'prepared'>): LeadPages =>
  database.prepared('admin_lead_pages', (db) => new LeadPages(db));

/**
 * The sum of the counties' versions (every county's for null): it grows with every write to any
 * of them, since each version only grows and no row is removed (server/db/schema/lead-list-versions.ts).
 */
export function stampOf(versions: ReadonlyMap<number, number>, regionIds: readonly number[] | null): number {
  let sum = 0;
  if (regionIds === null) for (const v of versions.values()) sum += v;
  else for (const id of regionIds) sum += versions.get(id) ?? 0;
  return sum;
}
