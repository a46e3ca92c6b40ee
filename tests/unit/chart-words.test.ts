import { describe, expect, it } from 'vitest';
import { comparedWith } from '@/components/charts/chart-words';

/** How a chart's caption compares a figure with the one before (docs/decisions/0129-dashboard-charts.md). */
describe('comparedWith', () => {
  it('says up or down by a whole percent, or the same', () => {
    expect(comparedWith(312, 264)).toBe('up 18% on');
    expect(comparedWith(95, 100)).toBe('down 5% on');
    expect(comparedWith(100, 100)).toBe('the same as');
    expect(comparedWith(1001, 1000)).toBe('the same as');
    expect(comparedWith(0, 4)).toBe('down 100% on');
  });

  it('never divides by none', () => {
    expect(comparedWith(3, 0)).toBe('up from none');
    expect(comparedWith(0, 0)).toBe('the same as');
  });
});
