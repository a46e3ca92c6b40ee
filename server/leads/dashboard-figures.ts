import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { medianOfBins } from '@shared/figure-bins';
import { lastMonthStarts, lastWeeks } from '@shared/figure-periods';
import { centsToDecimal } from '@shared/money';
import {
  FIGURE_MONTHS,
  FIGURE_WEEKS,
  FUNNEL_STAGES,
  REQUEST_OUTCOMES,
  type CountyFigures,
  type DashboardFigures,
  type FunnelMonth,
  type RequestOutcome,
} from '@shared/schemas/county-figures';
import { SITE_TIME_ZONE, siteDay } from '@shared/site-calendar';
import type { Frozen } from '@shared/deep-freeze';
import type { AppContext, ServiceCtx } from '../context';
import { figureAnswersOf } from './figure-answers';
import type { Db } from '../db/client';
import { countyFigures, regions, subscriptionPayments } from '../db/schema';
import type { AdminScope } from '../domain/actors';
import { inScope } from '../counties/admin-scope';

/**
 * The dashboard's charts (docs/decisions/0129-dashboard-charts.md), read from county_figures, which
 * triggers keep (migrations/0040): a platform administrator's year of every county is a few
 * thousand rows, whatever the number of leads. ctx.clock decides which weeks and months.
 */

const WEEKLY = [...REQUEST_OUTCOMES.map((o) => `requests_${o}`), 'minutes_to_delivery', 'minutes_to_reply'];
const MONTHLY = [...FUNNEL_STAGES.map((s) => `funnel_${s}`), 'revenue_leads', 'refunds'];

interface FigureRow {
  period: string;
  figure: string;
  bucket: number;
  n: number;
  cents: number;
}

/** The scope's figures of these names over [from, to], summed over its counties. */
function figureRows(db: Db, scope: AdminScope, names: string[], from: string, to: string): Promise<FigureRow[]> {
  return db
    .select({
      period: countyFigures.period,
      figure: countyFigures.figure,
      bucket: countyFigures.bucket,
      n: sql<number>`sum(${countyFigures.n})`.mapWith(Number),
      cents: sql<number>`sum(${countyFigures.cents})`.mapWith(Number),
    })
    .from(countyFigures)
    .where(
      and(
        inScope(scope, countyFigures.regionId),
        inArray(countyFigures.figure, names),
        gte(countyFigures.period, from),
        lte(countyFigures.period, to),
      ),
    )
    .groupBy(countyFigures.period, countyFigures.figure, countyFigures.bucket);
}

/** Plan invoices per month: the platform's, so only in the view of every county. */
async function planCents(db: Db, scope: AdminScope, from: string): Promise<Map<string, number>> {
  if (scope.regionIds !== null) return new Map();
  const month = sql<string>`figure_month(${subscriptionPayments.paidAt})::text`;
  const rows = await db
    .select({ month, cents: sql<number>`sum(${subscriptionPayments.amountCents})`.mapWith(Number) })
    .from(subscriptionPayments)
    .where(gte(subscriptionPayments.paidAt, sql`(${from}::date::timestamp at time zone ${SITE_TIME_ZONE})`))
    .groupBy(month);
  return new Map(rows.map((r) => [r.month, r.cents]));
}

/** Each county in view beside the others: requests this month and last, and a year's revenue less refunds. */
async function countiesSideBySide(db: Db, scope: AdminScope, months: string[]): Promise<CountyFigures[]> {
  if (scope.regionIds !== null && scope.regionIds.length < 2) return [];
  const [lastMonth, thisMonth] = months.slice(-2) as [string, string];
  const n = (month: string) =>
    sql<number>`coalesce(sum(${countyFigures.n}) filter (where ${countyFigures.figure} = 'funnel_requested' and ${countyFigures.period} = ${month}), 0)`.mapWith(
      Number,
    );
  const rows = await db
    .select({
      county: regions.name,
      slug: regions.slug,
      requestsThisMonth: n(thisMonth),
      requestsLastMonth: n(lastMonth),
      revenueCents:
        sql<number>`coalesce(sum(case ${countyFigures.figure} when 'revenue_leads' then ${countyFigures.cents} when 'refunds' then -${countyFigures.cents} else 0 end), 0)`.mapWith(
          Number,
        ),
    })
    .from(regions)
    .leftJoin(
      countyFigures,
      and(
        eq(countyFigures.regionId, regions.id),
        inArray(countyFigures.figure, ['funnel_requested', 'revenue_leads', 'refunds']),
        gte(countyFigures.period, months[0]!),
        lte(countyFigures.period, thisMonth),
      ),
    )
    .where(inScope(scope, regions.id))
    .groupBy(regions.id, regions.name, regions.slug);
  // A deployment of one county has nothing to set beside it.
  if (rows.length < 2) return [];
  return rows
    .map(({ revenueCents, ...r }) => ({ ...r, revenue12Months: centsToDecimal(revenueCents) }))
    .sort((a, b) => b.requestsThisMonth - a.requestsThisMonth || a.county.localeCompare(b.county));
}

/** The figures of the administrator's counties, kept until one of them changes (figure-answers.ts). */
export function dashboardFigures(ctx: AppContext, scope: AdminScope): Promise<Frozen<DashboardFigures>> {
  const day = siteDay(ctx.clock.now());
  return figureAnswersOf(ctx.database).get(scope.regionIds, day, () => readFigures(ctx, scope, day));
}

async function readFigures(ctx: ServiceCtx, scope: AdminScope, day: string): Promise<DashboardFigures> {
  const now = ctx.clock.now();
  const weeks = lastWeeks(day, FIGURE_WEEKS);
  const months = lastMonthStarts(day, FIGURE_MONTHS);
  const [weekly, monthly, plans, counties] = await Promise.all([
    figureRows(ctx.db, scope, WEEKLY, weeks[0]!, day),
    figureRows(ctx.db, scope, MONTHLY, months[0]!, day),
    planCents(ctx.db, scope, months[0]!),
    countiesSideBySide(ctx.db, scope, months),
  ]);
  const count = (rows: FigureRow[], period: string, figure: string) =>
    rows.filter((r) => r.period === period && r.figure === figure).reduce((sum, r) => sum + r.n, 0);
  const cents = (period: string, figure: string) =>
    monthly.filter((r) => r.period === period && r.figure === figure).reduce((sum, r) => sum + r.cents, 0);
  const median = (week: string, figure: string) =>
    medianOfBins(new Map(weekly.filter((r) => r.period === week && r.figure === figure).map((r) => [r.bucket, r.n])));
  const funnelOf = (month: string): FunnelMonth => ({
    month,
    stages: Object.fromEntries(
      FUNNEL_STAGES.map((s) => [s, count(monthly, month, `funnel_${s}`)]),
    ) as FunnelMonth['stages'],
  });

  return {
    weeks: weeks.map((week) => {
      const counts = Object.fromEntries(
        REQUEST_OUTCOMES.map((o) => [o, count(weekly, week, `requests_${o}`)]),
      ) as Record<RequestOutcome, number>;
      return { week, counts, total: Object.values(counts).reduce((a, b) => a + b, 0) };
    }),
    revenue: months.map((month) => {
      const leads = cents(month, 'revenue_leads');
      const plan = plans.get(month) ?? 0;
      const refunds = cents(month, 'refunds');
      return {
        month,
        leads: centsToDecimal(leads),
        plans: centsToDecimal(plan),
        refunds: centsToDecimal(refunds),
        net: centsToDecimal(leads + plan - refunds),
      };
    }),
    funnel: [funnelOf(months[months.length - 2]!), funnelOf(months[months.length - 1]!)],
    speed: weeks.map((week) => ({
      week,
      toDelivery: median(week, 'minutes_to_delivery'),
      toReply: median(week, 'minutes_to_reply'),
    })),
    counties,
    timeZone: SITE_TIME_ZONE,
    asOf: now.toISOString(),
  };
}
