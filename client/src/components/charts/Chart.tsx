import { lazy, Suspense } from 'react';
import type { BarChartProps } from './BarChart';

// The chart library loads with the first chart drawn, not with the page (docs/decisions/0129-dashboard-charts.md).
const BarChart = lazy(() => import('./BarChart'));
const LineChart = lazy(() => import('./LineChart'));

export interface ChartTable {
  /** The first column names the rows (a week, a month, a county). */
  columns: string[];
  rows: { key: string; cells: string[] }[];
}

export interface ChartFigureProps extends BarChartProps {
  title: string;
  /** The figure in words: what a reader should take from the chart. */
  caption: string;
  /** Bars (stacked unless `mode` says 'group') by default. */
  kind?: 'bar' | 'line';
  /** Every figure drawn, for screen readers and for copying. */
  table: ChartTable;
}

function Legend({ series }: Pick<BarChartProps, 'series'>) {
  if (series.length < 2) return null;
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground" aria-hidden="true">
      {series.map((s) => (
        <li key={s.key} className="flex items-center gap-1.5">
          <span className="inline-block h-2.5 w-2.5 rounded-sm" style={{ background: s.color }} />
          {s.label}
        </li>
      ))}
    </ul>
  );
}

/**
 * A chart with its title, its caption in words, a legend and the table of its figures. The drawing
 * is left out of the accessibility tree: the caption and the table say what it shows. It keeps its
 * least width and scrolls sideways on a narrow screen.
 */
export function Chart({ title, caption, kind = 'bar', table, ...chart }: ChartFigureProps) {
  return (
    <figure className="grid min-w-0 gap-3 rounded-lg border bg-card p-4" data-testid="chart">
      <figcaption className="grid gap-1">
        <h3 className="text-sm font-semibold">{title}</h3>
        <p className="text-sm text-muted-foreground" data-testid="chart-caption">
          {caption}
        </p>
      </figcaption>
      <Legend series={chart.series} />
      <div className="overflow-x-auto" aria-hidden="true" data-testid="chart-drawing">
        <Suspense fallback={<div className="animate-pulse rounded bg-muted" style={{ height: chart.height ?? 220 }} />}>
          {kind === 'bar' ? <BarChart {...chart} /> : <LineChart {...chart} />}
        </Suspense>
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-primary">{`Table: ${title}`}</summary>
        <div className="mt-2 overflow-x-auto">
          <table className="w-full border-collapse text-left tabular-nums" data-testid="chart-table">
            <thead>
              <tr>
                {table.columns.map((c, i) => (
                  <th key={c} scope="col" className={`border-b px-2 py-1 font-semibold ${i ? 'text-right' : ''}`}>
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((r) => (
                <tr key={r.key} className="border-b last:border-b-0">
                  {r.cells.map((cell, i) =>
                    i === 0 ? (
                      <th key={i} scope="row" className="whitespace-nowrap px-2 py-1 font-normal">
                        {cell}
                      </th>
                    ) : (
                      <td key={i} className="px-2 py-1 text-right">
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
