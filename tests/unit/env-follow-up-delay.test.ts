import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../server/env';

describe('FOLLOW_UP_DELAY', () => {
  it('is 7 days unless set; takes days, hours, minutes, seconds, and 0 for at once', () => {
    expect(parseEnv({}).FOLLOW_UP_DELAY).toBe(7 * 86_400_000);
    expect(parseEnv({ FOLLOW_UP_DELAY: '' }).FOLLOW_UP_DELAY).toBe(7 * 86_400_000);
    expect(parseEnv({ FOLLOW_UP_DELAY: '3d' }).FOLLOW_UP_DELAY).toBe(3 * 86_400_000);
    expect(parseEnv({ FOLLOW_UP_DELAY: '36h' }).FOLLOW_UP_DELAY).toBe(36 * 3_600_000);
    expect(parseEnv({ FOLLOW_UP_DELAY: '30m' }).FOLLOW_UP_DELAY).toBe(30 * 60_000);
    expect(parseEnv({ FOLLOW_UP_DELAY: '90' }).FOLLOW_UP_DELAY).toBe(90_000);
    expect(parseEnv({ FOLLOW_UP_DELAY: '0' }).FOLLOW_UP_DELAY).toBe(0);
  });

  it('refuses what is not a duration, naming the variable', () => {
    for (const bad of ['a week', '-1d', '7 days', 'd'])
      expect(() => parseEnv({ FOLLOW_UP_DELAY: bad }), bad).toThrow(/FOLLOW_UP_DELAY must be a duration like 7d/);
  });
});
