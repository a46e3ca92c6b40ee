import type { ContractorStats, MonthStats } from '@shared/schemas/contractor-stats';
import { formatMonth } from '@shared/months';
import { decimalToCents, formatMoney, formatPrice } from '@shared/money';
import { Chart } from '@/components/charts/Chart';
import { SERIES_COLORS } from '@/components/charts/chart-types';
import { comparedWith } from '@/components/charts/chart-words';
import { plural } from '@/lib/format';

/**
 * A contractor's months as charts (issue 36; docs/decisions/0129-dashboard-charts.md): profile
 * views; quote requests, leads and jobs won; spending and the cost per job won. Each caption speaks
 * of the last whole month (the current one has only begun) and each chart holds its table.
 */

const short = (m: MonthStats) => formatMonth(m.month);
const long = (m: MonthStats) => formatMonth(m.month, true);
const dollars = (n: number) => formatMoney(Math.round(n * 100), { dropZeroCents: true });

function ViewsChart({ months }: { months: MonthStats[] }) {
  const [before, last, current] = months.slice(-3) as [MonthStats, MonthStats, MonthStats];
  const caption = `${plural(last.profileViews, 'profile view')} in ${long(last)}, ${comparedWith(last.profileViews, before.profileViews)} ${long(before)}; ${current.profileViews} so far in ${long(current)}.`;
  return (
    <Chart
      title="Profile views per month"
      caption={caption}
      labelEvery={2}
      series={[{ key: 'views', label: 'Profile views', color: SERIES_COLORS[0]! }]}
      data={months.map((m) => ({ label: short(m), values: { views: m.profileViews } }))}
      table={{
        columns: ['Month', 'Profile views'],
        rows: months.map((m) => ({ key: m.month, cells: [long(m), String(m.profileViews)] })),
      }}
    />
  );
}

const WORK = [
  { key: 'quoteRequests', label: 'Quote requests' },
  { key: 'leadsDelivered', label: 'Leads' },
  { key: 'won', label: 'Jobs won' },
] as const;

function WorkChart({ months }: { months: MonthStats[] }) {
  const last = months[months.length - 2]!;
  const caption = `In ${long(last)}: ${plural(last.quoteRequests, 'quote request')}, ${plural(last.leadsDelivered, 'lead')} and ${plural(last.won, 'job')} won.`;
  return (
    <Chart
      title="Quote requests, leads and jobs won per month"
      caption={caption}
      mode="group"
      labelEvery={2}
      minWidth={480}
      series={WORK.map((w, i) => ({ key: w.key, label: w.label, color: SERIES_COLORS[i]! }))}
      data={months.map((m) => ({
        label: short(m),
        values: Object.fromEntries(WORK.map((w) => [w.key, m[w.key]])),
      }))}
      table={{
        columns: ['Month', ...WORK.map((w) => w.label)],
        rows: months.map((m) => ({ key: m.month, cells: [long(m), ...WORK.map((w) => String(m[w.key]))] })),
      }}
    />
  );
}

function SpendingChart({ stats }: { stats: ContractorStats }) {
  const { months, totals } = stats;
  const last = months[months.length - 2]!;
  const perJob = (f: { costPerWon: string | null }) =>
    f.costPerWon === null ? null : `${formatPrice(f.costPerWon)} a job`;
  const lastWords = `${formatPrice(last.spent)} on leads in ${long(last)}${last.won ? ` for ${plural(last.won, 'job')} won: ${perJob(last)}` : ', no job won that month'}.`;
  const yearWords = perJob(totals)
    ? ` Over 12 months: ${formatPrice(totals.spent)} for ${plural(totals.won, 'job')} won, ${perJob(totals)}.`
    : '';
  return (
    <Chart
      title="Spending on leads per month"
      caption={`You spent ${lastWords}${yearWords}`}
      labelEvery={2}
      format={dollars}
      series={[{ key: 'spent', label: 'Spent', color: SERIES_COLORS[0]! }]}
      data={months.map((m) => ({ label: short(m), values: { spent: (decimalToCents(m.spent) ?? 0) / 100 } }))}
      table={{
        columns: ['Month', 'Spent', 'Jobs won', 'Cost per job won'],
        rows: months.map((m) => ({
          key: m.month,
          cells: [
            long(m),
            formatPrice(m.spent),
            String(m.won),
            m.costPerWon === null ? '—' : formatPrice(m.costPerWon),
          ],
        })),
      }}
    />
  );
}

export function StatsCharts({ stats }: { stats: ContractorStats }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ViewsChart months={stats.months} />
      <SpendingChart stats={stats} />
      <div className="lg:col-span-2">
        <WorkChart months={stats.months} />
      </div>
    </div>
  );
}
