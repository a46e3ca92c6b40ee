import { describe, expect, it } from 'vitest';
import { monthResetKey, monthStart } from '../../server/leads/credits';

describe('Free plan credit month (docs/decisions/0006-plans-and-credits.md)', () => {
  it('starts on the first day of the UTC calendar month', () => {
    expect(monthStart(new Date('2026-11-17T13:45:00Z')).toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(monthStart(new Date('2026-11-01T00:00:00Z')).toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(monthStart(new Date('2026-10-31T23:59:59.999Z')).toISOString()).toBe('2026-10-01T00:00:00.000Z');
  });

  it('uses UTC, not the local clock, at a month boundary', () => {
    // 20:00 on 31 December in New York is already January in UTC.
    expect(monthStart(new Date('2026-12-31T20:00:00-05:00')).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it("names the month in the reset key ('month:2026-11')", () => {
    expect(monthResetKey(new Date('2026-11-01T00:00:00Z'))).toBe('month:2026-11');
    expect(monthResetKey(new Date('2027-01-01T00:00:00Z'))).toBe('month:2027-01');
  });
});
