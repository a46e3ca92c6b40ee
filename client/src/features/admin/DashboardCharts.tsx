import {
  FUNNEL_STAGE_LABELS,
  FUNNEL_STAGES,
  REQUEST_OUTCOME_LABELS,
  REQUEST_OUTCOMES,
  type DashboardFigures,
} from '@shared/schemas/county-figures';
import { formatMonth } from '@shared/months';
import { formatMoney, formatPrice, decimalToCents } from '@shared/money';
import { Chart } from '@/components/charts/Chart';
import { SERIES_COLORS } from '@/components/charts/chart-types';
import { comparedWith } from '@/components/charts/chart-words';
import { QueryView } from '@/components/query-view';
import { formatDay, formatMinutes, plural } from '@/lib/format';
import { useFigures } from './api';
import { AdminSection } from './components/AdminSection';

/**
 * The dashboard's charts (docs/decisions/0129-dashboard-charts.md), for the counties in view:
 * quote requests per week by what became of them, revenue per month, this month's funnel against
 * last month's, the median times per week, and each county beside the others. Each says its figure
 * in words and holds its table.
 */

const month = (first: string) => formatMonth(first.slice(0, 7));
const longMonth = (first: string) => formatMonth(first.slice(0, 7), true);
/** Cents of an answer's amount ('-10.00' for a month whose refunds passed its payments). */
const cents = (decimal: string) =>
  (decimal.startsWith('-') ? -1 : 1) * (decimalToCents(decimal.replace(/^-/, '')) ?? 0);
type Week = DashboardFigures['weeks'][number];
type Month = DashboardFigures['revenue'][number];
const dollars = (n: number) => formatMoney(Math.round(n * 100), { dropZeroCents: true });
const requests = (n: number) => plural(n, 'quote request');
/** An axis's minutes, short enough for its margin: '45 min', '2.5 h', '3 d'. */
const minutesTick = (m: number) =>
  m < 60 ? `${Math.round(m)} min` : m < 48 * 60 ? `${Math.round(m / 6) / 10} h` : `${Math.round(m / 144) / 10} d`;

function RequestsChart({ f }: { f: DashboardFigures }) {
  // The current week has only begun: the words speak of the last whole week.
  const [before, last, current] = f.weeks.slice(-3) as [Week, Week, Week];
  const caption = `${requests(last.total)} in the week of ${formatDay(last.week)}, ${comparedWith(last.total, before.total)} the week before (${before.total}); ${current.total} so far this week.`;
  return (
    <Chart
      title="Quote requests per week"
      caption={caption}
      labelEvery={4}
      minWidth={520}
      series={REQUEST_OUTCOMES.map((o, i) => ({ key: o, label: REQUEST_OUTCOME_LABELS[o], color: SERIES_COLORS[i]! }))}
      data={f.weeks.map((w) => ({ label: formatDay(w.week), values: w.counts }))}
      table={{
        columns: ['Week of', ...REQUEST_OUTCOMES.map((o) => REQUEST_OUTCOME_LABELS[o]), 'Total'],
        rows: f.weeks.map((w) => ({
          key: w.week,
          cells: [formatDay(w.week), ...REQUEST_OUTCOMES.map((o) => String(w.counts[o])), String(w.total)],
        })),
      }}
    />
  );
}

function RevenueChart({ f }: { f: DashboardFigures }) {
  const [before, last, current] = f.revenue.slice(-3) as [Month, Month, Month];
  const net = (m: Month) => cents(m.net);
  // Plans are the platform's: they show in the view of every county only.
  const withPlans = f.revenue.some((m) => m.plans !== '0.00');
  const caption = `${formatPrice(last.net)} in ${longMonth(last.month)}, ${comparedWith(net(last), net(before))} ${longMonth(before.month)}; ${formatPrice(current.net)} so far in ${longMonth(current.month)}. ${withPlans ? 'Lead payments and plans' : 'Lead payments'}, less refunds.`;
  return (
    <Chart
      title="Revenue per month"
      caption={caption}
      labelEvery={3}
      minWidth={420}
      format={dollars}
      series={[
        { key: 'leads', label: 'Lead payments less refunds', color: SERIES_COLORS[0]! },
        ...(withPlans ? [{ key: 'plans', label: 'Plans', color: SERIES_COLORS[1]! }] : []),
      ]}
      data={f.revenue.map((m) => ({
        label: month(m.month),
        values: { leads: (cents(m.leads) - cents(m.refunds)) / 100, plans: cents(m.plans) / 100 },
      }))}
      table={{
        columns: ['Month', 'Lead payments', 'Plans', 'Refunds', 'Net'],
        rows: f.revenue.map((m) => ({
          key: m.month,
          cells: [
            longMonth(m.month),
            formatPrice(m.leads),
            formatPrice(m.plans),
            formatPrice(m.refunds),
            formatPrice(m.net),
          ],
        })),
      }}
    />
  );
}

function FunnelChart({ f }: { f: DashboardFigures }) {
  const [last, current] = f.funnel;
  const words = (m: typeof current) =>
    FUNNEL_STAGES.map((s) => `${m.stages[s]} ${FUNNEL_STAGE_LABELS[s].toLowerCase()}`).join(', ');
  const caption = `${longMonth(current.month)} so far: ${words(current)}. ${longMonth(last.month)}: ${words(last)}.`;
  return (
    <Chart
      title="From request to job, this month and last"
      caption={caption}
      mode="group"
      series={[
        { key: 'last', label: longMonth(last.month), color: SERIES_COLORS[2]! },
        { key: 'current', label: longMonth(current.month), color: SERIES_COLORS[0]! },
      ]}
      data={FUNNEL_STAGES.map((s) => ({
        label: FUNNEL_STAGE_LABELS[s],
        values: { last: last.stages[s], current: current.stages[s] },
      }))}
      table={{
        columns: ['Stage', longMonth(last.month), longMonth(current.month)],
        rows: FUNNEL_STAGES.map((s) => ({
          key: s,
          cells: [FUNNEL_STAGE_LABELS[s], String(last.stages[s]), String(current.stages[s])],
        })),
      }}
    />
  );
}

function SpeedChart({ f }: { f: DashboardFigures }) {
  const known = f.speed.filter((w) => w.toDelivery !== null || w.toReply !== null);
  const latest = known[known.length - 1];
  const about = (m: number | null) => (m === null ? 'none yet' : `about ${formatMinutes(m)}`);
  const caption = latest
    ? `In the week of ${formatDay(latest.week)}: to delivery ${about(latest.toDelivery)}, to the first reply ${about(latest.toReply)}.`
    : 'No deliveries in these 26 weeks yet: the medians show once there are.';
  return (
    <Chart
      title="Median time to delivery and to first reply, per week"
      caption={caption}
      kind="line"
      labelEvery={4}
      minWidth={520}
      format={minutesTick}
      series={[
        { key: 'toDelivery', label: 'Request to delivery', color: SERIES_COLORS[0]! },
        { key: 'toReply', label: 'Lead bought to first reply', color: SERIES_COLORS[1]! },
      ]}
      data={f.speed.map((w) => ({
        label: formatDay(w.week),
        values: { toDelivery: w.toDelivery, toReply: w.toReply },
      }))}
      table={{
        columns: ['Week of', 'To delivery', 'To first reply'],
        rows: f.speed.map((w) => ({
          key: w.week,
          cells: [
            formatDay(w.week),
            w.toDelivery === null ? '—' : formatMinutes(w.toDelivery),
            w.toReply === null ? '—' : formatMinutes(w.toReply),
          ],
        })),
      }}
    />
  );
}

/** At most this many counties drawn; the table holds them all. */
const COUNTIES_DRAWN = 15;

function CountiesChart({ f }: { f: DashboardFigures }) {
  const [last, current] = f.funnel;
  const top = f.counties.slice(0, 3).map((c) => `${c.county} (${c.requestsThisMonth})`);
  const caption = `Most quote requests in ${longMonth(current.month)} so far: ${top.join(', ')}.`;
  return (
    <Chart
      title="Counties side by side"
      caption={caption}
      mode="group"
      minWidth={Math.max(320, 48 * Math.min(COUNTIES_DRAWN, f.counties.length))}
      series={[
        { key: 'last', label: `Requests in ${longMonth(last.month)}`, color: SERIES_COLORS[2]! },
        { key: 'current', label: `Requests in ${longMonth(current.month)}`, color: SERIES_COLORS[0]! },
      ]}
      data={f.counties.slice(0, COUNTIES_DRAWN).map((c) => ({
        label: c.county.replace(/ County$/, ''),
        values: { last: c.requestsLastMonth, current: c.requestsThisMonth },
      }))}
      table={{
        columns: ['County', longMonth(last.month), longMonth(current.month), 'Revenue, 12 months'],
        rows: f.counties.map((c) => ({
          key: c.slug,
          cells: [c.county, String(c.requestsLastMonth), String(c.requestsThisMonth), formatPrice(c.revenue12Months)],
        })),
      }}
    />
  );
}

export function DashboardCharts() {
  const figures = useFigures();
  return (
    <AdminSection id="dashboard-charts" title="Trends" className="mt-8 grid gap-4">
      <QueryView query={figures} what="the charts">
        {(f) => (
          <div className="grid gap-4 lg:grid-cols-2">
            <RequestsChart f={f} />
            <RevenueChart f={f} />
            <FunnelChart f={f} />
            <SpeedChart f={f} />
            {f.counties.length > 0 && (
              <div className="lg:col-span-2">
                <CountiesChart f={f} />
              </div>
            )}
          </div>
        )}
      </QueryView>
    </AdminSection>
  );
}
