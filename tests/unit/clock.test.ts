import { describe, expect, it } from 'vitest';
import { todayOf, type Clock } from '../../server/clock';

describe('todayOf', () => {
  it("follows the clock across the site's midnight, a moved clock and a time zone change", () => {
    const clock: Clock = { now: () => new Date('2026-03-08T04:59:59.900Z') };
    const today = todayOf(clock);
    // 23:59:59.9 in Laporte (EST), then one fifth of a second later: the next day, in the same minute of UTC time.
    expect(today()).toBe('2026-03-07');
    clock.now = () => new Date('2026-03-08T05:00:00.100Z');
    expect(today()).toBe('2026-03-08');
    clock.now = () => new Date('2026-03-08T04:59:59.999Z');
    expect(today()).toBe('2026-03-07');
    // Daylight saving time began at 07:00 UTC that day: midnight is now 04:00 UTC.
    clock.now = () => new Date('2026-03-09T03:59:59.000Z');
    expect(today()).toBe('2026-03-08');
    clock.now = () => new Date('2026-03-09T04:00:00.000Z');
    expect(today()).toBe('2026-03-09');
  });
});
