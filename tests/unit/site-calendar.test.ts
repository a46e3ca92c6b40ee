import { describe, expect, it } from 'vitest';
import { addMonths, formatMonth, lastMonths, siteDay, siteMonth } from '@shared/site-calendar';

describe('the site calendar (America/New_York; docs/decisions/0061-contractor-stats.md)', () => {
  it('puts an evening in Pennsylvania on its own day and month, whatever UTC says', () => {
    // 03:30 UTC on 1 February is 22:30 on 31 January in Laporte (EST, UTC-5).
    expect(siteDay(new Date('2030-02-01T03:30:00Z'))).toBe('2030-01-31');
    expect(siteMonth(new Date('2030-02-01T03:30:00Z'))).toBe('2030-01');
    expect(siteDay(new Date('2030-02-01T05:30:00Z'))).toBe('2030-02-01');
    // Summer time (EDT, UTC-4).
    expect(siteDay(new Date('2030-07-01T03:59:00Z'))).toBe('2030-06-30');
    expect(siteDay(new Date('2030-07-01T04:00:00Z'))).toBe('2030-07-01');
  });

  it('counts months across years and lists the last twelve oldest first', () => {
    expect(addMonths('2030-01', -1)).toBe('2029-12');
    expect(addMonths('2030-11', 3)).toBe('2031-02');
    expect(addMonths('2030-05', -12)).toBe('2029-05');
    const months = lastMonths(new Date('2030-03-10T15:00:00Z'), 12);
    expect(months).toHaveLength(12);
    expect(months[0]).toBe('2029-04');
    expect(months[11]).toBe('2030-03');
    expect(new Set(months).size).toBe(12);
  });

  it('names months in English', () => {
    expect(formatMonth('2030-03')).toBe('Mar 2030');
    expect(formatMonth('2029-12', true)).toBe('December 2029');
  });
});
