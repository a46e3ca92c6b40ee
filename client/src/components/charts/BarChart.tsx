import { Group } from '@visx/group';
import { ParentSize } from '@visx/responsive';
import { ChartAxes } from './ChartAxes';
import { MARGIN, scalesOf } from './chart-frame';
import type { ChartProps } from './chart-types';

export interface BarChartProps extends ChartProps {
  /** 'stack': the series on top of each other (parts of a whole); 'group': side by side (to compare). */
  mode?: 'stack' | 'group';
}

function Bars({ width, mode = 'stack', ...props }: BarChartProps & { width: number }) {
  const { data, series } = props;
  const value = (v: number | null | undefined) => Math.max(0, v ?? 0);
  const max = Math.max(
    0,
    ...data.map((d) =>
      mode === 'stack'
        ? series.reduce((sum, s) => sum + value(d.values[s.key]), 0)
        : Math.max(0, ...series.map((s) => value(d.values[s.key]))),
    ),
  );
  const { x, y, yMax, height } = scalesOf(props, width, max);
  const band = x.bandwidth();
  const slot = mode === 'group' ? band / series.length : band;
  return (
    <svg width={width} height={height} className="block">
      <Group left={MARGIN.left} top={MARGIN.top}>
        {data.map((d) => {
          let base = 0;
          return series.map((s, i) => {
            const v = value(d.values[s.key]);
            const top = mode === 'stack' ? base + v : v;
            const bottom = mode === 'stack' ? base : 0;
            base = top;
            return (
              <rect
                key={`${d.label}-${s.key}`}
                x={(x(d.label) ?? 0) + (mode === 'group' ? i * slot : 0)}
                y={y(top)}
                width={Math.max(1, slot - (mode === 'group' ? 1 : 0))}
                height={Math.max(0, y(bottom) - y(top))}
                fill={s.color}
                data-label={d.label}
                data-series={s.key}
                data-value={v}
              >
                <title>{`${d.label}, ${s.label}: ${props.format ? props.format(v) : v}`}</title>
              </rect>
            );
          });
        })}
        <ChartAxes x={x} y={y} yMax={yMax} format={props.format} labelEvery={props.labelEvery} />
      </Group>
    </svg>
  );
}

/** Bars per label, stacked or side by side, as wide as their frame (at least `minWidth`). */
export default function BarChart(props: BarChartProps) {
  return (
    <div style={{ height: props.height ?? 220, minWidth: props.minWidth ?? 320 }}>
      <ParentSize debounceTime={50}>{({ width }) => (width > 0 ? <Bars {...props} width={width} /> : null)}</ParentSize>
    </div>
  );
}
