import { eq, sql } from 'drizzle-orm';
import { centsToDecimal } from '@shared/money';
import {
  STATS_MONTHS,
  type ContractorStats,
  type MonthStats,
  type StatsFigures,
} from '@shared/schemas/contractor-stats';
import { addMonths, lastMonths, SITE_TIME_ZONE } from '@shared/site-calendar';
import type { ServiceCtx } from '../context';
import type { Executor } from '../db/client';
import { contractors } from '../db/schema';
import { replyRecordOf } from './reply-records';
import { notFound } from '../domain/errors';

/**
 * A contractor's figures per month for the last 12 months
 * (docs/decisions/0061-contractor-stats.md), each counted in the month it happened in the site's
 * time zone: profile views, quote requests sent from the profile, deliveries, first contacts and
 * wins (from lead_status_changes), card payments for leads, and the median time from delivery to
 * first contact. Months are grouped in SQL; ctx.clock decides which 12 months (tests move it).
 */

interface Row {
  month: string | null;
}
type Counted = Row & { n: number | string };

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const TZ = sql.raw(`'${SITE_TIME_ZONE}'`);
const monthOf = (column: string) => sql.raw(`to_char(${column} at time zone '${SITE_TIME_ZONE}', 'YYYY-MM')`);

async function figures(db: Executor, contractorId: number, first: string, end: string) {
  // The window as instants: midnight of its first day and of the day after it, in the site's time zone.
  const from = sql`(${`${first}-01`}::date::timestamp at time zone ${TZ})`;
  const until = sql`(${`${end}-01`}::date::timestamp at time zone ${TZ})`;
  const [views, quotes, delivered, spent, contacts, wins] = await Promise.all([
    db.execute(sql`
      select to_char(day, 'YYYY-MM') as month, sum(views) as n from profile_view_counts
      where contractor_id = ${contractorId} and day >= ${`${first}-01`}::date and day < ${`${end}-01`}::date
      group by rollup (to_char(day, 'YYYY-MM'))`),
    db.execute(sql`
      select ${monthOf('created_at')} as month, count(*) as n from leads
      where requested_contractor_id = ${contractorId} and created_at >= ${from} and created_at < ${until}
      group by rollup (${monthOf('created_at')})`),
    db.execute(sql`
      select ${monthOf('created_at')} as month, count(*) as n from lead_deliveries
      where contractor_id = ${contractorId} and payment_state <> 'cancelled' and created_at >= ${from} and created_at < ${until}
      group by rollup (${monthOf('created_at')})`),
    db.execute(sql`
      select ${monthOf('paid_at')} as month, sum(price_cents) as n from lead_deliveries d
      where contractor_id = ${contractorId} and payment_state = 'paid' and paid_at >= ${from} and paid_at < ${until}
        -- Money given back (an approved claim) was not spent.
        and not exists (select 1 from lead_refunds r where r.delivery_id = d.id and r.method in ('card', 'offline') and r.status = 'succeeded')
      group by rollup (${monthOf('paid_at')})`),
    // First contact: marked Contacted, or Won straight away (a win means they talked).
    db.execute(sql`
      with firsts as (
        select d.created_at as delivered_at, min(e.changed_at) as contacted_at
        from lead_deliveries d join lead_status_changes e on e.delivery_id = d.id
        where d.contractor_id = ${contractorId} and d.payment_state <> 'cancelled' and e.status in ('contacted', 'won')
        group by d.id
      )
      select ${monthOf('contacted_at')} as month, count(*) as n,
        percentile_cont(0.5) within group (order by extract(epoch from (contacted_at - delivered_at))) as median
      from firsts where contacted_at >= ${from} and contacted_at < ${until}
      group by rollup (${monthOf('contacted_at')})`),
    db.execute(sql`
      with wins as (
        select min(e.changed_at) as won_at
        from lead_deliveries d join lead_status_changes e on e.delivery_id = d.id
        where d.contractor_id = ${contractorId} and d.payment_state <> 'cancelled' and e.status = 'won'
        group by d.id
      )
      select ${monthOf('won_at')} as month, count(*) as n from wins where won_at >= ${from} and won_at < ${until}
      group by rollup (${monthOf('won_at')})`),
  ]);
  const byMonth = (result: unknown) => new Map(rowsOf<Counted>(result).map((r) => [r.month, Number(r.n)]));
  const medians = new Map(
    rowsOf<Row & { median: number | string | null }>(contacts).map((r) => [
      r.month,
      r.median === null ? null : Math.round(Number(r.median)),
    ]),
  );
  return {
    views: byMonth(views),
    quotes: byMonth(quotes),
    delivered: byMonth(delivered),
    spent: byMonth(spent),
    contacted: byMonth(contacts),
    won: byMonth(wins),
    medians,
  };
}

type Figures = Awaited<ReturnType<typeof figures>>;

/** A month's figures, or the window's with `month` null (the rollup's total row). */
function pick(f: Figures, month: string | null): StatsFigures {
  const spentCents = f.spent.get(month) ?? 0;
  const won = f.won.get(month) ?? 0;
  return {
    profileViews: f.views.get(month) ?? 0,
    quoteRequests: f.quotes.get(month) ?? 0,
    leadsDelivered: f.delivered.get(month) ?? 0,
    contacted: f.contacted.get(month) ?? 0,
    won,
    spent: centsToDecimal(spentCents),
    costPerWon: won > 0 ? centsToDecimal(Math.round(spentCents / won)) : null,
    medianSecondsToContact: f.medians.get(month) ?? null,
  };
}

/**
 * The rating at the end of each month, computed as the contractor's rating is
 * (docs/decisions/0055-computed-rating.md): the average of its published reviews, to one decimal,
 * here of those written by that month's end; null before the first. A review hidden since counts in
 * no month, as it counts in no rating. The current month's is the rating the profile shows now.
 */
async function ratingsByMonth(
  db: Executor,
  contractorId: number,
  months: string[],
): Promise<Map<string, { rating: number; reviewCount: number }>> {
  const ends = sql.join(
    months.map((m) => sql`(${m}::text, (${`${m}-01`}::date + interval '1 month')::timestamp at time zone ${TZ})`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select m.month, count(r.id)::int as n, round(avg(r.rating)::numeric, 1)::float8 as rating
    from (values ${ends}) as m (month, until)
    left join reviews r on r.contractor_id = ${contractorId} and r.status = 'published' and r.created_at < m.until
    group by m.month`);
  const rows = rowsOf<{ month: string; n: number; rating: number | null }>(result);
  return new Map(
    rows
      .filter((r) => r.n > 0 && r.rating !== null)
      .map((r) => [r.month, { rating: Number(r.rating), reviewCount: Number(r.n) }]),
  );
}

export async function contractorStats(ctx: ServiceCtx, contractorId: number): Promise<ContractorStats> {
  const { db } = ctx;
  const now = ctx.clock.now();
  const [c] = await db
    .select({
      id: contractors.id,
      name: contractors.name,
      rating: contractors.rating,
      reviewCount: contractors.reviewCount,
    })
    .from(contractors)
    .where(eq(contractors.id, contractorId));
  if (!c) throw notFound('Contractor not found');
  const months = lastMonths(now, STATS_MONTHS);
  const [f, ratings, replyRecord] = await Promise.all([
    figures(db, contractorId, months[0]!, addMonths(months[months.length - 1]!, 1)),
    ratingsByMonth(db, contractorId, months.slice(0, -1)),
    replyRecordOf(ctx, contractorId),
  ]);
  if (c.reviewCount > 0) ratings.set(months[months.length - 1]!, { rating: c.rating, reviewCount: c.reviewCount });
  return {
    contractorId: c.id,
    name: c.name,
    timeZone: SITE_TIME_ZONE,
    months: months.map((month): MonthStats => {
      const rating = ratings.get(month);
      return { month, ...pick(f, month), rating: rating?.rating ?? null, reviewCount: rating?.reviewCount ?? null };
    }),
    totals: pick(f, null),
    replyRecord,
    asOf: now.toISOString(),
  };
}
