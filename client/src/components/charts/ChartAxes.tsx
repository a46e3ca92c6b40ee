import { AxisBottom, AxisLeft } from '@visx/axis';
import type { scalesOf } from './chart-frame';
import type { ChartProps } from './chart-types';

const TICK = { fill: 'var(--color-muted-foreground)', fontSize: 11 };

/** The y axis's values and the x axis's labels (every `labelEvery`th). */
export function ChartAxes({
  x,
  y,
  yMax,
  format,
  labelEvery = 1,
}: Pick<ChartProps, 'format' | 'labelEvery'> & Pick<ReturnType<typeof scalesOf>, 'x' | 'y' | 'yMax'>) {
  const labels = x.domain();
  return (
    <>
      <AxisLeft
        scale={y}
        numTicks={4}
        // A count has no halves.
        tickValues={format ? undefined : y.ticks(4).filter(Number.isInteger)}
        tickFormat={(v) => (format ? format(Number(v)) : String(v))}
        stroke="var(--color-border)"
        tickStroke="var(--color-border)"
        tickLabelProps={() => ({ ...TICK, textAnchor: 'end', dx: -4, dy: 3 })}
      />
      <AxisBottom
        top={yMax}
        scale={x}
        tickValues={labels.filter((_, i) => (labels.length - 1 - i) % labelEvery === 0)}
        stroke="var(--color-border)"
        tickStroke="var(--color-border)"
        tickLabelProps={() => ({ ...TICK, textAnchor: 'middle' })}
      />
    </>
  );
}
