import type { Frozen } from '@shared/deep-freeze';
import type { AdminLeadList } from '@shared/schemas/admin-leads';
import { CountyAnswers } from './county-answers';
import type { Database, Db } from './db/client';
import { leadListVersions } from './db/schema';

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
 * versions of the counties it covers (docs/decisions/0068-lead-counts-and-index-order.md).
 * Triggers move a county's version on any write to what its lead table shows (migrations/0033),
 * in the write's own transaction, so a page is answered again only while no write has committed
 * to its counties since it was read (server/county-answers.ts).
 *
 * Built once per database (Database.prepared) and shared by the app's requests.
 */
export class LeadPages {
  private readonly pages: CountyAnswers<AdminLeadList>;

  constructor(db: Db) {
    const statement = db.select().from(leadListVersions).prepare('lead_list_versions_all');
    this.pages = new CountyAnswers(() => statement.execute(), 256);
  }

  /** Drops every kept page (bench:memory measures what they held). */
  clear(): void {
    this.pages.clear();
  }

  /** The kept page for `key` if its counties are unchanged since it was read, or the one `read` answers (then kept). */
  get(key: LeadPageKey, read: () => Promise<AdminLeadList>): Promise<Frozen<AdminLeadList>> {
    return this.pages.get(`${key.status}|${key.page}|${key.pageSize}`, key.regionIds, read);
  }
}

/** The database's one LeadPages, shared by the app's requests. */
export const leadPagesOf = (database: Pick<Database, 'prepared'>): LeadPages =>
  database.prepared('admin_lead_pages', (db) => new LeadPages(db));
