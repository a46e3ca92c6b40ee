import type { ContractorStats, MonthStats, StatsFigures } from '@shared/schemas/contractor-stats';
import { formatMonth } from '@shared/months';
import { cn } from '@/lib/cn';
import { formatPrice } from '@shared/money';
import { duration, rating } from './format';
import { ReplyRecordView } from './ReplyRecordView';
import { StatsCharts } from './StatsCharts';

interface Figure {
  key: keyof StatsFigures;
  label: string;
  /** The table's shorter column name. */
  short: string;
  show: (f: StatsFigures) => string;
  /** Counts get a small bar per month beside their total. */
  trend?: boolean;
}

const count = (key: keyof StatsFigures) => (f: StatsFigures) => String(f[key]);

const FIGURES: Figure[] = [
  { key: 'profileViews', label: 'Profile views', short: 'Views', show: count('profileViews'), trend: true },
  {
    key: 'quoteRequests',
    label: 'Quote requests received',
    short: 'Quote requests',
    show: count('quoteRequests'),
    trend: true,
  },
  { key: 'leadsDelivered', label: 'Leads delivered', short: 'Delivered', show: count('leadsDelivered'), trend: true },
  { key: 'contacted', label: 'Contacted', short: 'Contacted', show: count('contacted'), trend: true },
  { key: 'won', label: 'Won', short: 'Won', show: count('won'), trend: true },
  { key: 'spent', label: 'Money spent on leads', short: 'Spent', show: (f) => formatPrice(f.spent) },
  { key: 'costPerWon', label: 'Cost per won job', short: 'Cost per win', show: (f) => formatPrice(f.costPerWon) },
  {
    key: 'medianSecondsToContact',
    label: 'Median time to contact',
    short: 'Time to contact',
    show: (f) => duration(f.medianSecondsToContact),
  },
];

/** A bar per month, oldest first; decoration only, the numbers are in the text and the table. */
function Trend({ values }: { values: number[] }) {
  const max = Math.max(1, ...values);
  return (
    <div aria-hidden="true" className="mt-3 flex h-8 items-end gap-0.5">
      {values.map((v, i) => (
        <span
          key={i}
          className={cn('flex-1 rounded-sm', v > 0 ? 'bg-primary/70' : 'bg-muted')}
          style={{ height: `${Math.max(8, Math.round((v / max) * 100))}%` }}
        />
      ))}
    </div>
  );
}

function Summary({ stats }: { stats: ContractorStats }) {
  const current = stats.months[stats.months.length - 1]!;
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Totals for the last 12 months">
      {FIGURES.map((f) => (
        <div
          key={f.key}
          className="grid content-start rounded-lg border bg-card p-3 sm:p-4"
          data-testid={`stats-total-${f.key}`}
        >
          <dt className="text-xs font-medium text-muted-foreground sm:text-sm">{f.label}</dt>
          <dd className="mt-1 text-xl font-bold tabular-nums sm:text-2xl">{f.show(stats.totals)}</dd>
          <dd className="text-xs text-muted-foreground">{`This month: ${f.show(current)}`}</dd>
          {f.trend && <Trend values={stats.months.map((m) => Number(m[f.key]))} />}
        </div>
      ))}
    </dl>
  );
}

/** The column's name beside its value, on one line, when a row shows as a card (below lg); `/ ''` keeps it from screen readers, which have the header row. */
const CELL =
  "px-3 py-2 text-right tabular-nums max-lg:flex max-lg:items-baseline max-lg:justify-between max-lg:gap-2 max-lg:p-0 max-lg:before:text-xs max-lg:before:text-muted-foreground max-lg:before:content-[attr(data-label)_/_'']";

function MonthRow({ m }: { m: MonthStats }) {
  return (
    <tr
      className="border-b last:border-b-0 max-lg:grid max-lg:grid-cols-2 max-lg:gap-x-5 max-lg:gap-y-1 max-lg:rounded-lg max-lg:border max-lg:bg-card max-lg:px-4 max-lg:py-3 sm:max-lg:grid-cols-3"
      data-testid="stats-month"
    >
      <th
        scope="row"
        className="whitespace-nowrap px-3 py-2 text-left font-semibold max-lg:col-span-full max-lg:p-0 max-lg:pb-1"
      >
        {formatMonth(m.month, true)}
      </th>
      {FIGURES.map((f) => (
        <td key={f.key} data-label={f.short} className={CELL}>
          {f.show(m)}
        </td>
      ))}
      <td data-label="Rating" className={CELL}>
        {rating(m.rating, m.reviewCount)}
      </td>
    </tr>
  );
}

/**
 * A contractor's last 12 months (docs/decisions/0061-contractor-stats.md): totals with a bar per
 * month, then every month newest first in a table with headers, whose rows show as cards on a
 * narrow screen. The charts (docs/decisions/0129-dashboard-charts.md) load their library when drawn.
 */
export function StatsView({ stats, caption }: { stats: ContractorStats; caption: string }) {
  const newestFirst = [...stats.months].reverse();
  return (
    <div className="grid gap-5" data-testid="contractor-stats">
      <Summary stats={stats} />
      <StatsCharts stats={stats} />
      <ReplyRecordView record={stats.replyRecord} />
      <div
        role="region"
        aria-label={caption}
        tabIndex={0}
        className="relative overflow-x-auto rounded-lg border bg-card focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring max-lg:overflow-visible max-lg:border-0 max-lg:bg-transparent"
      >
        <table className="w-full border-collapse text-sm max-lg:block [&>tbody]:max-lg:grid [&>tbody]:max-lg:gap-3 [&>thead]:max-lg:sr-only">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr>
              <th
                scope="col"
                className="h-10 whitespace-nowrap border-b bg-muted/60 px-3 text-left text-xs font-semibold text-muted-foreground"
              >
                Month
              </th>
              {[...FIGURES.map((f) => f.short), 'Rating'].map((name) => (
                <th
                  key={name}
                  scope="col"
                  className="h-10 border-b bg-muted/60 px-3 text-right text-xs font-semibold text-muted-foreground"
                >
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {newestFirst.map((m) => (
              <MonthRow key={m.month} m={m} />
            ))}
          </tbody>
        </table>
      </div>
      <ul className="grid gap-1 text-xs text-muted-foreground">
        <li>
          Each figure counts in the month it happened (Eastern time). Profile views count each visitor once a day;
          search engines and other robots are not counted.
        </li>
        <li>
          Contacted counts leads first marked Contacted (or Won straight away); the time to contact runs from delivery
          to that mark.
        </li>
        <li>
          Money spent is leads bought by card; leads taken from plan credits and the plan&apos;s own price are not in
          it.
        </li>
        <li>
          Rating is the average of the published reviews written by the end of each month (this month: your rating now);
          — before the first review.
        </li>
      </ul>
    </div>
  );
}
