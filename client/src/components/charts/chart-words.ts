/**
 * How a chart's caption compares a figure with the one before it (docs/decisions/0129-dashboard-charts.md):
 * "up 18% on", "down 5% on", "the same as", "up from none".
 */
export function comparedWith(now: number, before: number): string {
  if (before === 0) return now === 0 ? 'the same as' : 'up from none';
  const percent = Math.round(((now - before) / before) * 100);
  if (percent === 0) return 'the same as';
  return percent > 0 ? `up ${percent}% on` : `down ${-percent}% on`;
}
