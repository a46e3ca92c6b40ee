/**
 * The bins of the dashboard's histograms of minutes (docs/decisions/0129-dashboard-charts.md), as
 * the database's figure_bin() counts them (migrations/0040): bin 0 holds under a minute; bin k
 * holds [2^((k-1)/2), 2^(k/2)) minutes, half powers of two, so a bin is at most 41% wider than its
 * start; the last bin is open-ended (from 2^14.5 minutes, about 16 days). A median read from them is
 * within that width of the true one, and a week's counts add up without keeping every delivery.
 */
export const LAST_BIN = 30;

/** The bin of a number of minutes (as figure_bin() in SQL). */
export function binOf(minutes: number): number {
  if (!(minutes >= 1)) return 0;
  return Math.min(LAST_BIN, Math.floor((2 * Math.log(minutes)) / Math.LN2) + 1);
}

/** Where a bin starts and ends, in minutes; the last ends at Infinity. */
export function binBounds(bin: number): [number, number] {
  if (bin <= 0) return [0, 1];
  const start = 2 ** ((bin - 1) / 2);
  return [start, bin >= LAST_BIN ? Infinity : 2 ** (bin / 2)];
}

/**
 * The median of the counted minutes, to the tenth: the middle count's bin, placed in it by how far
 * into the bin's counts it falls (evenly below a minute, geometrically above, as the bins grow).
 * In the open-ended last bin it is that bin's start. Null without counts.
 */
export function medianOfBins(counts: ReadonlyMap<number, number>): number | null {
  const bins = [...counts.entries()].filter(([, n]) => n > 0).sort(([a], [b]) => a - b);
  const total = bins.reduce((sum, [, n]) => sum + n, 0);
  if (total === 0) return null;
  const middle = total / 2;
  let before = 0;
  for (const [bin, n] of bins) {
    if (before + n >= middle) {
      const [start, end] = binBounds(bin);
      const into = (middle - before) / n;
      const minutes =
        end === Infinity ? start : bin === 0 ? start + into * (end - start) : start * (end / start) ** into;
      return Math.round(minutes * 10) / 10;
    }
    before += n;
  }
  return null;
}
