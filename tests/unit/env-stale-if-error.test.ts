import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../server/env';

describe('STALE_IF_ERROR', () => {
  it('is 10 minutes unless set, and reads durations in ms, s, m and h (a bare number is seconds)', () => {
    expect(parseEnv({}).STALE_IF_ERROR).toBe(600_000);
    expect(parseEnv({ STALE_IF_ERROR: '' }).STALE_IF_ERROR).toBe(600_000);
    expect(parseEnv({ STALE_IF_ERROR: '0' }).STALE_IF_ERROR).toBe(0);
    expect(parseEnv({ STALE_IF_ERROR: '90' }).STALE_IF_ERROR).toBe(90_000);
    expect(parseEnv({ STALE_IF_ERROR: '30s' }).STALE_IF_ERROR).toBe(30_000);
    expect(parseEnv({ STALE_IF_ERROR: '1.5m' }).STALE_IF_ERROR).toBe(90_000);
    expect(parseEnv({ STALE_IF_ERROR: '2h' }).STALE_IF_ERROR).toBe(7_200_000);
    expect(parseEnv({ STALE_IF_ERROR: '750ms' }).STALE_IF_ERROR).toBe(750);
  });

  it('names the variable when the value is not a duration', () => {
    for (const bad of ['ten minutes', '-5m', '10 days', '5d', 'm'])
      expect(() => parseEnv({ STALE_IF_ERROR: bad }), bad).toThrow(/STALE_IF_ERROR must be a duration like 10m/);
  });
});
