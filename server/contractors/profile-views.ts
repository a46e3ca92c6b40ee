import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { siteDay } from '@shared/site-calendar';
import type { AppContext, DbCtx } from '../context';

/**
 * Profile views, counted once per visitor per day with crawlers left out (docs/decisions/0058-profile-views.md).
 *
 * A visitor is an address and a user agent, and nothing of either is stored: the database keeps,
 * for today only, an HMAC of (contractor, address, user agent) under a key that changes every
 * day (derived from the session secret, which every app process shares), so two processes agree
 * on a visitor while nobody can link a row to an address, to another row of the same visitor, or
 * to another day. The per-day counts are the only thing kept.
 *
 * Counting never slows or fails a read: views are written after the answer has gone, by one
 * statement at a time per process (views that arrive meanwhile go in the next one), a failed
 * write is logged and dropped, and a process that has already counted a visitor today does not
 * ask the database again.
 */

export interface ProfileView {
  contractorId: number;
  /** The client's address as the app sees it (req.ip). */
  address: string;
  userAgent: string;
}

/**
 * User agents that are not a person reading a profile (docs/decisions/0058-profile-views.md). A
 * browser's starts with 'Mozilla/' (every current one does), which leaves out HTTP libraries,
 * command-line tools and most uptime checkers by itself; the list takes out the crawlers, link
 * previewers, AI fetchers, audit tools and headless browsers that pretend to be one.
 */
const BROWSER = /^Mozilla\/\d/;
const CRAWLER =
  /bot\b|bot[/;_-]|crawl|spider|slurp|archiver|mediapartners|google-inspectiontool|googleother|google-read-aloud|feedfetcher|apis-google|bingpreview|facebookexternalhit|facebookcatalog|meta-externalagent|embedly|preview|quora link|pinterest|whatsapp\/|vkshare|chatgpt|gptbot|claude-|perplexity|anthropic|bytespider|ccbot|ia_archiver|lighthouse|pagespeed|gtmetrix|headless|phantomjs|selenium|puppeteer|playwright|validator|w3c_|pingdom|uptime|statuscake|site24x7|monitor|nagios|zgrab|scanner/i;

/** Whether a user agent counts as a person's browser. */
export function countsAsVisitor(userAgent: string | undefined): boolean {
  if (!userAgent || userAgent.length > 1000) return false;
  return BROWSER.test(userAgent) && !CRAWLER.test(userAgent);
}

/** Most rows one statement writes; more wait for the next. */
const BATCH = 500;
/** Views waiting beyond this are dropped (the database is slow or away): memory stays bounded. */
const MAX_PENDING = 10_000;
/** Hashes this process has counted today, so a reload asks the database nothing; forgotten when full. */
const MAX_SEEN = 50_000;

interface Pending {
  day: string;
  hash: string;
  contractorId: number;
}

/** Deletes the visitor hashes of days before `today` ('YYYY-MM-DD'): a daily job, and each process's first write of a day. */
export async function pruneProfileVisitors(ctx: DbCtx, today: string): Promise<void> {
  await ctx.db.execute(sql`delete from profile_view_visitors where day < ${today}::date`);
}

export class ProfileViewCounter {
  private pending = new Map<string, Pending>();
  private waiters: (() => void)[] = [];
  private writing: Promise<void> | null = null;
  private seen = { day: '', hashes: new Set<string>() };
  private keys = { day: '', key: Buffer.alloc(0) };
  /** The day whose earlier rows this process last deleted. */
  private prunedBefore = '';
  private failing = false;

  constructor(
    private readonly ctx: Pick<AppContext, 'db' | 'log' | 'clock'>,
    private readonly secret: string,
  ) {}

  /** The visitor's hash for today; the day key is derived from the secret and the day. */
  visitorHash(view: ProfileView, day: string): string {
    if (this.keys.day !== day)
      this.keys = { day, key: createHmac('sha256', this.secret).update(`profile-view-visitors:${day}`).digest() };
    return createHmac('sha256', this.keys.key)
      .update(`${view.contractorId}\n${view.address}\n${view.userAgent}`)
      .digest('base64url')
      .slice(0, 22);
  }

  /**
   * Counts a view (a browser's, see countsAsVisitor; the caller checks) unless this visitor was
   * counted today. Resolves once it is written or dropped; never rejects.
   */
  record(view: ProfileView): Promise<void> {
    const day = siteDay(this.ctx.clock.now());
    if (this.seen.day !== day) this.seen = { day, hashes: new Set() };
    const hash = this.visitorHash(view, day);
    if (this.seen.hashes.has(hash) || this.pending.has(hash)) return Promise.resolve();
    if (this.pending.size >= MAX_PENDING) return Promise.resolve();
    this.pending.set(hash, { day, hash, contractorId: view.contractorId });
    const done = new Promise<void>((resolve) => this.waiters.push(resolve));
    this.writing ??= this.drain();
    return done;
  }

  private async drain(): Promise<void> {
    // Let the request that started this finish first.
    await new Promise((resolve) => setImmediate(resolve));
    try {
      while (this.pending.size > 0) {
        const batch = [...this.pending.values()].slice(0, BATCH);
        for (const p of batch) this.pending.delete(p.hash);
        const waiters = this.pending.size === 0 ? this.waiters.splice(0) : [];
        await this.write(batch);
        for (const resolve of waiters) resolve();
      }
    } finally {
      this.writing = null;
      for (const resolve of this.waiters.splice(0)) resolve();
    }
  }

  private async write(batch: Pending[]): Promise<void> {
    // One order for every process, so two statements never wait on each other in a circle.
    batch.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : 0));
    const values = sql.join(
      batch.map((p) => sql`(${p.day}::date, ${p.hash}::text, ${p.contractorId}::int)`),
      sql`, `,
    );
    try {
      const today = batch[batch.length - 1]!.day;
      if (this.prunedBefore !== today) {
        await pruneProfileVisitors(this.ctx, today);
        this.prunedBefore = today;
      }
      // A contractor removed meanwhile is skipped rather than failing the batch.
      await this.ctx.db.execute(sql`
        with input (day, visitor_hash, contractor_id) as (values ${values}),
        fresh as (
          insert into profile_view_visitors (day, visitor_hash, contractor_id)
          select i.day, i.visitor_hash, i.contractor_id from input i join contractors c on c.id = i.contractor_id
          order by i.day, i.visitor_hash
          on conflict do nothing
          returning contractor_id, day
        )
        insert into profile_view_counts as p (contractor_id, day, views)
        select contractor_id, day, count(*) from fresh group by contractor_id, day order by contractor_id, day
        on conflict (contractor_id, day) do update set views = p.views + excluded.views`);
      for (const p of batch) if (p.day === this.seen.day) this.seen.hashes.add(p.hash);
      if (this.seen.hashes.size > MAX_SEEN) this.seen.hashes.clear();
      if (this.failing) this.ctx.log.info('profile views are counted again');
      this.failing = false;
    } catch (err) {
      // A count is never worth a failed page: logged once per run of failures, then dropped.
      if (!this.failing)
        this.ctx.log.warn('profile views could not be counted; dropped', {
          views: batch.length,
          error: err instanceof Error ? err.message : String(err),
        });
      this.failing = true;
    }
  }
}
