import { describe, expect, it } from 'vitest';
import { binBounds, binOf, LAST_BIN, medianOfBins } from '@shared/figure-bins';
import { addDays, lastMonthStarts, lastWeeks, monthOf, weekOf } from '@shared/figure-periods';

/** The dashboard's histograms of minutes and its periods (docs/decisions/0129-dashboard-charts.md). */
describe('bins of minutes', () => {
  it('puts each number of minutes in the bin that holds it', () => {
    for (const minutes of [0, 0.5, 1, 1.5, 2, 3, 10, 59, 60, 61, 600, 1440, 10_000, 30_000]) {
      const [start, end] = binBounds(binOf(minutes));
      expect(minutes).toBeGreaterThanOrEqual(start);
      expect(minutes).toBeLessThan(end);
    }
    expect(binOf(-5)).toBe(0);
    expect(binOf(Number.NaN)).toBe(0);
    expect(binOf(1e9)).toBe(LAST_BIN);
    expect(binBounds(LAST_BIN)[1]).toBe(Infinity);
  });

  it('reads a median within its bin, and none from no counts', () => {
    expect(medianOfBins(new Map())).toBeNull();
    expect(medianOfBins(new Map([[3, 0]]))).toBeNull();
    // Ten deliveries at 10 minutes: the median is in [8, 11.3).
    const ten = medianOfBins(new Map([[binOf(10), 10]]))!;
    expect(ten).toBeGreaterThanOrEqual(8);
    expect(ten).toBeLessThan(11.32);
    // Three fast and two slow: the middle one is fast.
    const mixed = medianOfBins(
      new Map([
        [binOf(2), 3],
        [binOf(600), 2],
      ]),
    )!;
    expect(mixed).toBeGreaterThanOrEqual(2);
    expect(mixed).toBeLessThan(2.83);
    // Under a minute, read evenly.
    expect(medianOfBins(new Map([[0, 4]]))).toBe(0.5);
    // In the open-ended bin: its start.
    expect(medianOfBins(new Map([[LAST_BIN, 1]]))).toBe(Math.round(binBounds(LAST_BIN)[0] * 10) / 10);
  });
});

describe('periods', () => {
  it('starts weeks on Monday and months on the 1st', () => {
    expect(weekOf('2026-11-16')).toBe('2026-11-16');
    expect(weekOf('2026-11-22')).toBe('2026-11-16');
    expect(weekOf('2026-11-15')).toBe('2026-11-09');
    expect(weekOf('2027-01-01')).toBe('2026-12-28');
    expect(monthOf('2026-11-30')).toBe('2026-11-01');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
  });

  it('lists the last weeks and months, oldest first', () => {
    expect(lastWeeks('2026-11-18', 3)).toEqual(['2026-11-02', '2026-11-09', '2026-11-16']);
    expect(lastWeeks('2026-11-18', 26)).toHaveLength(26);
    expect(lastMonthStarts('2026-02-10', 3)).toEqual(['2025-12-01', '2026-01-01', '2026-02-01']);
    // Across the change to daylight saving time, a week is still seven days.
    expect(lastWeeks('2026-03-10', 2)).toEqual(['2026-03-02', '2026-03-09']);
  });
});
