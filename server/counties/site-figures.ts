import { and, eq, sql } from 'drizzle-orm';
import type { Frozen } from '@shared/deep-freeze';
import type { SiteFigures } from '@shared/schemas/region';
import type { AppContext } from '../context';
import { today } from '../clock';
import { contractors, leadStatusCounts } from '../db/schema';
import type { Freshness } from '../directory';
import { isListed } from '../directory/cards';
import { servesCounty } from '../directory/county';
import { countyIdOfSlug } from './county-id';

type FiguresCtx = Pick<AppContext, 'db' | 'directory' | 'memo' | 'clock'>;

/** Below this many listed contractors a share says more about chance than about the county. */
export const SHARE_FROM_LISTED = 3;

interface ListedCounts {
  listed: number;
  verified: number;
}

/**
 * The contractors a county's site lists (the directory's own rule: `isListed` and `servesCounty`)
 * and how many of them have a verified registration that has not expired on the site's day
 * (shared/credentials.ts `isCurrent`).
 */
async function readListed(ctx: Pick<AppContext, 'db'>, county: string, day: string): Promise<ListedCounts> {
  // Named in full: in a one-table select Drizzle leaves the outer columns unqualified.
  const verified = sql`exists (select 1 from contractor_credentials cr
    where cr."contractor_id" = "contractors"."id" and cr."credential" = 'registration' and cr."verified"
      and (cr."expires_on" is null or cr."expires_on" > ${day}))`;
  const [row] = await ctx.db
    .select({
      listed: sql<number>`count(*)`.mapWith(Number),
      verified: sql<number>`count(*) filter (where ${verified})`.mapWith(Number),
    })
    .from(contractors)
    .where(and(isListed, servesCounty(county)));
  return { listed: row?.listed ?? 0, verified: row?.verified ?? 0 };
}

/** The county's quote requests whose homeowner hired the contractor, from the counts a trigger keeps per county and status (lead_status_counts). */
async function readJobsWon(ctx: Pick<AppContext, 'db'>, county: string): Promise<number> {
  const [row] = await ctx.db
    .select({ n: leadStatusCounts.leads })
    .from(leadStatusCounts)
    .where(and(eq(leadStatusCounts.regionId, countyIdOfSlug(county)), eq(leadStatusCounts.status, 'won')));
  return Number(row?.n ?? 0);
}

/** What is worth saying, and nothing else (docs/decisions/0133-launch-figures-and-honest-home.md). */
export function figuresWorthShowing({ listed, verified }: ListedCounts, jobsWon: number): SiteFigures {
  const figures: SiteFigures = {};
  if (listed > 0) figures.listed = listed;
  // Rounded down: never a share the county has not reached (99.6% is not 100%).
  if (listed >= SHARE_FROM_LISTED && verified > 0) figures.verifiedPercent = Math.floor((verified * 100) / listed);
  if (jobsWon > 0) figures.jobsWon = jobsWon;
  return figures;
}

/**
 * GET /api/region/figures: the home page's figures of a county's own directory
 * (docs/decisions/0133-launch-figures-and-honest-home.md). Answered as the other public reads
 * outside the snapshot are (the lead prices, the blog): kept by the read model for outages
 * (STALE_IF_ERROR) and handed out as the same frozen object while equal, so its JSON, gzip and the
 * rendered home page are reused. The jobs won are one row read at every request (a trigger keeps
 * them); the listed contractors are counted again only when the county's directory version or the
 * site's day (an expiry date that came) changed, kept in the app's memo meanwhile.
 */
export function siteFigures(ctx: FiguresCtx, county: string, freshness?: Freshness): Promise<Frozen<SiteFigures>> {
  return ctx.directory.read(
    county,
    'site-figures',
    async () => {
      const day = today(ctx.clock);
      const [version, jobsWon] = await Promise.all([
        ctx.directory.version(county, freshness?.since),
        readJobsWon(ctx, county),
      ]);
      const key = `site-figures/${county}`;
      const listed = await ctx.memo.get(key, `${version}/${day}`, () => {
        const made = readListed(ctx, county, day);
        // A failed read is not kept: the next request reads again.
        made.catch(() => ctx.memo.forget(key, made));
        return made;
      });
      return figuresWorthShowing(listed, jobsWon);
    },
    freshness,
  );
}
