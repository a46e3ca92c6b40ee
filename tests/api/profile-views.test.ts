import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClock, today as todayOn } from '../../server/clock';
import { siteDay } from '@shared/site-calendar';
import { isListed } from '../../server/directory/cards';
import { contractors, profileViewCounts, profileViewVisitors } from '../../server/db/schema';
import { PRUNE_PROFILE_VISITORS } from '../../server/jobs';
import { cutDatabase } from '../support/database-outage';
import { servePages } from '../support/page-server';
import { startTestApp, type TestApp } from '../support/test-app';
import { waitUntil } from '../support/wait';

/**
 * Profile views (issue 14; docs/decisions/0058-profile-views.md): counted on the server once per
 * visitor per day, from the server-rendered page and from the JSON the app fetches alike, crawlers
 * left out, deduped in the database so several app processes count as one, and nothing kept about a
 * visitor but a salted hash for today.
 */

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

let app: TestApp;
/** The app with the page renderer, as a second process would serve pages and the API. */
let other: Awaited<ReturnType<typeof servePages>>;
let ids: number[];
let nextAddress = 1;
/** A visitor no test has used: its own address (TRUST_PROXY reads X-Forwarded-For) and browser. */
const visitor = (userAgent = `${CHROME} test/${nextAddress}`) => ({
  address: `198.51.100.${nextAddress++}`,
  userAgent,
});
type Visitor = ReturnType<typeof visitor>;

beforeAll(async () => {
  app = await startTestApp({ TRUST_PROXY: 'true' });
  other = await servePages(app.ctx);
  ids = (await app.ctx.db.select({ id: contractors.id }).from(contractors).where(isListed).orderBy(contractors.id)).map(
    (c) => c.id,
  );
});
afterEach(() => {
  app.ctx.clock.now = createClock().now;
});
afterAll(async () => {
  await other?.close();
  await app?.close();
});

/** A GET as this visitor's browser would send it. */
async function read(base: string, path: string, v: Visitor, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${path}`, {
    headers: { 'User-Agent': v.userAgent, 'X-Forwarded-For': v.address, ...headers },
  });
  await res.arrayBuffer();
  return res.status;
}

async function views(contractorId: number, day = siteDay(new Date())): Promise<number> {
  const [row] = await app.ctx.db
    .select({ views: profileViewCounts.views })
    .from(profileViewCounts)
    .where(sql`${profileViewCounts.contractorId} = ${contractorId} and ${profileViewCounts.day} = ${day}::date`);
  return row?.views ?? 0;
}

/** Views are written after the answer has gone: wait for the count to reach `n`. */
const counted = (contractorId: number, n: number, day?: string) =>
  waitUntil(`${n} views of ${contractorId}`, async () => (await views(contractorId, day)) === n || null);

/**
 * Checks that the views before were left out: a fresh visitor's view through each app goes
 * through that app's writer after them, so once those are counted, a counted view before them
 * would be too. Answers the count now (`before` plus the fresh views).
 */
async function expectNotCounted(contractorId: number, before: number, bases = [app.url, other.url]): Promise<number> {
  for (const base of bases) await read(base, `/api/contractors/${contractorId}`, visitor());
  await counted(contractorId, before + bases.length);
  return before + bases.length;
}

describe('profile views', () => {
  it('count a visitor once a day, whether it reads the page, the JSON, or both, many times', async () => {
    const id = ids[0]!;
    const v = visitor();
    expect(await read(other.url, `/contractor/${id}`, v)).toBe(200);
    await counted(id, 1);
    // The page hydrates from its data, but the app fetches the JSON on a later client-side visit: the same visitor.
    expect(await read(app.url, `/api/contractors/${id}`, v)).toBe(200);
    expect(await read(other.url, `/contractor/${id}`, v)).toBe(200);
    await Promise.all(Array.from({ length: 5 }, () => read(app.url, `/api/contractors/${id}`, v)));
    const now = await expectNotCounted(id, 1);

    // Another browser at the same address, or the same browser elsewhere, is another visitor.
    await read(app.url, `/api/contractors/${id}`, { ...v, userAgent: `${CHROME} Edg/131.0.0.0` });
    await read(app.url, `/api/contractors/${id}`, { ...v, address: '198.51.100.250' });
    await counted(id, now + 2);
    // The same visitor on another profile counts there.
    await read(app.url, `/api/contractors/${ids[1]!}`, v);
    await counted(ids[1]!, 1);
  });

  it('leave out crawlers, tools, prefetches, other methods and answers that are not a profile', async () => {
    const id = ids[2]!;
    for (const userAgent of [
      GOOGLEBOT,
      'curl/8.5.0',
      '',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
    ]) {
      expect(await read(app.url, `/api/contractors/${id}`, visitor(userAgent))).toBe(200);
      expect(await read(other.url, `/contractor/${id}`, visitor(userAgent))).toBe(200);
    }
    expect(await read(other.url, `/contractor/${id}`, visitor(), { 'Sec-Purpose': 'prefetch;prerender' })).toBe(200);
    expect(await read(app.url, `/api/contractors/${id}`, visitor(), { Purpose: 'prefetch' })).toBe(200);
    const head = await fetch(`${app.url}/api/contractors/${id}`, {
      method: 'HEAD',
      headers: { 'User-Agent': CHROME, 'X-Forwarded-For': visitor().address },
    });
    expect(head.status).toBe(200);
    // The no-JavaScript quote page shows the profile's name but is not a profile view.
    expect(await read(other.url, `/contractor/${id}/quote`, visitor())).toBe(200);
    await expectNotCounted(id, 0);

    // Missing and hidden contractors are not found, and not counted.
    const hidden = ids[3]!;
    await app.ctx.db.update(contractors).set({ isVisible: false }).where(eq(contractors.id, hidden));
    try {
      expect(await read(app.url, `/api/contractors/${hidden}`, visitor())).toBe(404);
      expect(await read(other.url, `/contractor/${hidden}`, visitor())).toBe(404);
      expect(await read(app.url, '/api/contractors/999999', visitor())).toBe(404);
    } finally {
      await app.ctx.db.update(contractors).set({ isVisible: true }).where(eq(contractors.id, hidden));
    }
    await expectNotCounted(hidden, 0);
    expect(await app.ctx.db.$count(profileViewCounts, eq(profileViewCounts.contractorId, 999999))).toBe(0);
  });

  it('are deduplicated in the database: two app processes count a visitor once, even at the same moment', async () => {
    const id = ids[4]!;
    const second = await servePages(app.ctx);
    try {
      const v = visitor();
      await Promise.all([
        ...Array.from({ length: 4 }, () => read(app.url, `/api/contractors/${id}`, v)),
        ...Array.from({ length: 4 }, () => read(second.url, `/api/contractors/${id}`, v)),
      ]);
      await counted(id, 1);
      // Each process has its own memory of today's visitors; the database has the last word.
      await read(second.url, `/api/contractors/${id}`, v);
      await read(other.url, `/contractor/${id}`, v);
      const now = await expectNotCounted(id, 1, [app.url, second.url, other.url]);
      // Many visitors through both at once: each counted once.
      const crowd = Array.from({ length: 12 }, () => visitor());
      await Promise.all(
        crowd.flatMap((c) => [
          read(app.url, `/api/contractors/${id}`, c),
          read(second.url, `/api/contractors/${id}`, c),
        ]),
      );
      await counted(id, now + crowd.length);
    } finally {
      await second.close();
    }
  });

  it('keep nothing about a visitor but a hash for today, which links to no address, other profile or other day', async () => {
    const [a, b] = [ids[5]!, ids[6]!];
    const v = visitor();
    await read(app.url, `/api/contractors/${a}`, v);
    await read(app.url, `/api/contractors/${b}`, v);
    await counted(a, 1);
    await counted(b, 1);
    const rows = (await app.ctx.db.execute(
      sql`select * from profile_view_visitors where contractor_id in (${a}, ${b})`,
    )) as unknown as { rows: Record<string, unknown>[] };
    expect(rows.rows).toHaveLength(2);
    for (const row of rows.rows) {
      expect(Object.keys(row).sort()).toEqual(['contractor_id', 'day', 'visitor_hash']);
      const text = JSON.stringify(row);
      expect(text).not.toContain(v.address);
      expect(text).not.toContain('198.51.100');
      expect(text).not.toContain('Chrome');
      expect(String(row.visitor_hash)).toMatch(/^[\w-]{22}$/);
    }
    // The same visitor's rows for two profiles share nothing.
    expect(rows.rows[0]!.visitor_hash).not.toBe(rows.rows[1]!.visitor_hash);
    // The counts table holds a number per contractor and day, nothing else.
    const counts = (await app.ctx.db.execute(sql`select * from profile_view_counts limit 1`)) as unknown as {
      rows: Record<string, unknown>[];
    };
    expect(Object.keys(counts.rows[0]!).sort()).toEqual(['contractor_id', 'day', 'views']);
  });

  it('count a visitor again the next day, and delete the hashes of the day before (clock moved, not waited for)', async () => {
    const id = ids[7]!;
    const v = visitor();
    const today = siteDay(new Date());
    await read(app.url, `/api/contractors/${id}`, v);
    await counted(id, 1, today);
    const [before] = await app.ctx.db
      .select()
      .from(profileViewVisitors)
      .where(eq(profileViewVisitors.contractorId, id));

    // The app's clock a day on (ctx.clock, which the counter and the directory read), running on.
    app.ctx.clock.now = () => new Date(createClock().now().getTime() + 24 * 3_600_000);
    const tomorrow = todayOn(app.ctx.clock);
    expect(tomorrow).not.toBe(today);
    await read(app.url, `/api/contractors/${id}`, v);
    await counted(id, 1, tomorrow);
    expect(await views(id, today)).toBe(1);
    // The first write of the new day deleted every earlier hash; tomorrow's is not today's.
    const after = await app.ctx.db.select().from(profileViewVisitors);
    expect(after.map((r) => r.day)).toEqual(after.map(() => tomorrow));
    expect(after.find((r) => r.contractorId === id)!.visitorHash).not.toBe(before!.visitorHash);
  });

  it('the daily job deletes earlier days even when nobody views a profile', async () => {
    await app.ctx.db
      .insert(profileViewVisitors)
      .values({ day: '2020-01-01', visitorHash: 'left-from-an-old-day-x', contractorId: ids[0]! });
    expect(await app.ctx.jobs.schedules()).toContainEqual({
      name: PRUNE_PROFILE_VISITORS,
      cron: '1 0 * * *',
      tz: 'America/New_York',
    });
    await app.ctx.jobs.send(PRUNE_PROFILE_VISITORS, {});
    await app.ctx.jobs.runPending();
    expect(
      await app.ctx.db.$count(profileViewVisitors, sql`${profileViewVisitors.day} < ${siteDay(new Date())}::date`),
    ).toBe(0);
  });

  it('never fail a read: with the database unreachable the profile is answered and the view is skipped or dropped, and logged once', async () => {
    const id = ids[8]!;
    const warnings: string[] = [];
    const log = {
      ...app.ctx.log,
      info: () => {},
      warn: (msg: string) => warnings.push(msg),
      error: app.ctx.log.error,
      pino: app.ctx.log.pino,
    };
    const watched = await servePages({ ...app.ctx, log });
    const v = visitor();
    try {
      // Loaded once while the database answers, so the outage has something to answer from.
      await read(watched.url, `/api/contractors/${ids[0]!}`, visitor());
      await waitUntil('a count written', async () => (await views(ids[0]!)) > 0 || null);
      const restore = await cutDatabase(app.ctx.database);
      try {
        for (let i = 0; i < 3; i++)
          expect(
            await read(watched.url, `/api/contractors/${id}`, { ...v, userAgent: `${v.userAgent} try/${i}` }),
          ).toBe(200);
        if (app.ctx.database.driver === 'pglite') {
          // The embedded database's directory stays current (its notifications vouch for it), so the count is tried, fails, and is dropped once.
          await waitUntil('the dropped count logged', () => warnings.length > 0 || null);
          expect(warnings).toEqual(['profile views could not be counted; dropped']);
        }
      } finally {
        await restore();
      }
      // On the server the answers came from memory with an Age header: nothing was tried.
      if (app.ctx.database.driver === 'pg') expect(warnings).toEqual([]);
      expect(await views(id)).toBe(0);
      // Nothing of the outage was counted; the visitor counts once the database is back (and answers are current again).
      await waitUntil('the view counted after the outage', async () => {
        await read(watched.url, `/api/contractors/${id}`, v);
        return (await views(id)) === 1 || null;
      });
    } finally {
      await watched.close();
    }
  });
});
