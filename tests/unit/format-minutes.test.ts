import { describe, expect, it } from 'vitest';
import { dayIn, formatMinutes } from '@/lib/format';

/** The dashboard's median time to delivery, in words (docs/decisions/0117-lead-routing.md). */
describe('formatMinutes', () => {
  it('says under a minute for less than one', () => {
    expect(formatMinutes(0)).toBe('under a minute');
    expect(formatMinutes(0.4)).toBe('under a minute');
    expect(formatMinutes(0.99)).toBe('under a minute');
  });

  it('gives whole minutes below an hour', () => {
    expect(formatMinutes(1)).toBe('1 min');
    expect(formatMinutes(4.2)).toBe('4 min');
    expect(formatMinutes(4.5)).toBe('5 min');
    expect(formatMinutes(59.4)).toBe('59 min');
  });

  it('gives hours and minutes below a day, rounding into the next hour', () => {
    expect(formatMinutes(59.6)).toBe('1 h');
    expect(formatMinutes(60)).toBe('1 h');
    expect(formatMinutes(125)).toBe('2 h 5 min');
    expect(formatMinutes(23 * 60 + 59)).toBe('23 h 59 min');
  });

  it('gives days and hours from a day on', () => {
    expect(formatMinutes(23 * 60 + 59.6)).toBe('1 day');
    expect(formatMinutes(24 * 60)).toBe('1 day');
    expect(formatMinutes(26 * 60 + 10)).toBe('1 day 2 h');
    expect(formatMinutes(3 * 24 * 60 + 40)).toBe('3 days 1 h');
    expect(formatMinutes(2 * 24 * 60)).toBe('2 days');
  });
});

/** The portal's "today" for a pause date: the county's day, not the browser's or UTC's. */
describe('dayIn', () => {
  it("gives the county's calendar day", () => {
    // 03:00 UTC on March 2 is still March 1 in Pennsylvania.
    expect(dayIn(new Date('2026-03-02T03:00:00Z'), 'America/New_York')).toBe('2026-03-01');
    expect(dayIn(new Date('2026-03-02T05:00:00Z'), 'America/New_York')).toBe('2026-03-02');
    expect(dayIn(new Date('2026-03-02T03:00:00Z'), 'UTC')).toBe('2026-03-02');
  });
});
