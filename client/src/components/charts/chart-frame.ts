import { scaleBand, scaleLinear } from '@visx/scale';
import type { ChartProps } from './chart-types';

export const MARGIN = { top: 8, right: 8, bottom: 28, left: 56 };

/** The scales of a chart `width` wide: a band per point, values from 0 to the largest (or `max`). */
export function scalesOf({ data, height = 220 }: ChartProps, width: number, max: number) {
  const xMax = Math.max(0, width - MARGIN.left - MARGIN.right);
  const yMax = Math.max(0, height - MARGIN.top - MARGIN.bottom);
  const x = scaleBand<string>({ domain: data.map((d) => d.label), range: [0, xMax], padding: 0.2 });
  const y = scaleLinear<number>({ domain: [0, Math.max(1, max)], range: [yMax, 0], nice: true });
  return { x, y, xMax, yMax, height };
}
