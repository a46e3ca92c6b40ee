/** What the charts draw (docs/decisions/0129-dashboard-charts.md): a point per label, a value per series. */
export interface ChartSeries {
  key: string;
  label: string;
  /** A CSS colour. */
  color: string;
}

export interface ChartPoint {
  /** The x axis label ('Nov 16'). */
  label: string;
  /** Each series' value; null where there is none (a line leaves a gap). */
  values: Record<string, number | null>;
}

export interface ChartProps {
  data: ChartPoint[];
  series: ChartSeries[];
  /** How the y axis writes a value. */
  format?: (value: number) => string;
  /** Below this width the chart scrolls sideways in its frame instead of shrinking (a phone). */
  minWidth?: number;
  height?: number;
  /** Every how many labels the x axis names one (26 weeks do not fit 26 names). */
  labelEvery?: number;
}

/** Colours for series in order: the site's green, its amber, then greys and red, apart for colour-blind eyes too. */
export const SERIES_COLORS = [
  'var(--color-primary)',
  'var(--color-accent)',
  '#64748b',
  'var(--color-destructive)',
  '#0e7490',
];
