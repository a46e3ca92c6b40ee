import { Group } from '@visx/group';
import { ParentSize } from '@visx/responsive';
import { LinePath } from '@visx/shape';
import { ChartAxes } from './ChartAxes';
import { MARGIN, scalesOf } from './chart-frame';
import type { ChartPoint, ChartProps } from './chart-types';

function Lines({ width, ...props }: ChartProps & { width: number }) {
  const { data, series } = props;
  const max = Math.max(0, ...data.flatMap((d) => series.map((s) => d.values[s.key] ?? 0)));
  const { x, y, yMax, height } = scalesOf(props, width, max);
  const middle = (d: ChartPoint) => (x(d.label) ?? 0) + x.bandwidth() / 2;
  return (
    <svg width={width} height={height} className="block">
      <Group left={MARGIN.left} top={MARGIN.top}>
        {series.map((s) => {
          const at = (d: ChartPoint) => y(d.values[s.key] ?? 0);
          return (
            <Group key={s.key}>
              <LinePath<ChartPoint>
                data={data}
                x={middle}
                y={at}
                defined={(d) => d.values[s.key] != null}
                stroke={s.color}
                strokeWidth={2}
              />
              {data
                .filter((d) => d.values[s.key] != null)
                .map((d) => (
                  <circle
                    key={d.label}
                    cx={middle(d)}
                    cy={at(d)}
                    r={3}
                    fill={s.color}
                    data-label={d.label}
                    data-series={s.key}
                    data-value={d.values[s.key]!}
                  >
                    <title>{`${d.label}, ${s.label}: ${props.format ? props.format(d.values[s.key]!) : d.values[s.key]}`}</title>
                  </circle>
                ))}
            </Group>
          );
        })}
        <ChartAxes x={x} y={y} yMax={yMax} format={props.format} labelEvery={props.labelEvery} />
      </Group>
    </svg>
  );
}

/** A line per series, with a gap where a value is missing, as wide as its frame (at least `minWidth`). */
export default function LineChart(props: ChartProps) {
  return (
    <div style={{ height: props.height ?? 220, minWidth: props.minWidth ?? 320 }}>
      <ParentSize debounceTime={50}>
        {({ width }) => (width > 0 ? <Lines {...props} width={width} /> : null)}
      </ParentSize>
    </div>
  );
}
