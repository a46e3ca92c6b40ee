import { describe, expect, it } from 'vitest';
import { daytimeMinutesBetween, isDaytime, medianReplyMinutes, replyLabel } from '../../shared/reply-time';

/** Reply-time rules (docs/decisions/0128-request-page-and-replies.md), in Eastern time. */
const TZ = 'America/New_York';
const at = (iso: string) => new Date(iso);

describe('daytime minutes, 8 am to 8 pm Eastern', () => {
  it('counts the day, not the night', () => {
    // 7 pm to 9 am the next day (EST, UTC-5): one hour before 8 pm, one after 8 am.
    expect(daytimeMinutesBetween(at('2026-12-07T19:00:00-05:00'), at('2026-12-08T09:00:00-05:00'), TZ)).toBe(120);
    expect(daytimeMinutesBetween(at('2026-12-07T10:15:00-05:00'), at('2026-12-07T11:45:00-05:00'), TZ)).toBe(90);
    expect(daytimeMinutesBetween(at('2026-12-07T21:00:00-05:00'), at('2026-12-08T07:59:00-05:00'), TZ)).toBe(0);
    expect(daytimeMinutesBetween(at('2026-12-07T12:00:00-05:00'), at('2026-12-07T11:00:00-05:00'), TZ)).toBe(0);
    // A whole day is 12 daytime hours.
    expect(daytimeMinutesBetween(at('2026-12-07T00:00:00-05:00'), at('2026-12-08T00:00:00-05:00'), TZ)).toBe(720);
  });

  it('follows the wall clock across daylight saving', () => {
    // Spring forward, Sunday March 8 2026 at 2 am: the night is an hour shorter, the day still 12 hours.
    expect(daytimeMinutesBetween(at('2026-03-07T19:00:00-05:00'), at('2026-03-08T09:00:00-04:00'), TZ)).toBe(120);
    expect(daytimeMinutesBetween(at('2026-03-08T00:00:00-05:00'), at('2026-03-09T00:00:00-04:00'), TZ)).toBe(720);
    // Fall back, Sunday November 1 2026 at 2 am.
    expect(daytimeMinutesBetween(at('2026-10-31T19:30:00-04:00'), at('2026-11-01T08:30:00-05:00'), TZ)).toBe(60);
    expect(daytimeMinutesBetween(at('2026-11-01T00:00:00-04:00'), at('2026-11-02T00:00:00-05:00'), TZ)).toBe(720);
    // Ninety days across spring forward, and a span that starts and ends mid-day across fall back.
    expect(daytimeMinutesBetween(at('2026-01-01T00:00:00-05:00'), at('2026-04-01T00:00:00-04:00'), TZ)).toBe(90 * 720);
    expect(daytimeMinutesBetween(at('2026-10-30T19:00:00-04:00'), at('2026-11-03T09:30:00-05:00'), TZ)).toBe(
      60 + 3 * 720 + 90,
    );
    expect(isDaytime(at('2026-11-01T12:30:00Z'), TZ)).toBe(false); // 7:30 am EST
    expect(isDaytime(at('2026-11-01T13:00:00Z'), TZ)).toBe(true); // 8:00 am EST
    expect(isDaytime(at('2026-07-01T12:00:00Z'), TZ)).toBe(true); // 8:00 am EDT
    expect(isDaytime(at('2026-07-01T00:00:00Z'), TZ)).toBe(false); // 8:00 pm EDT
  });
});

describe('the reply record', () => {
  it('needs at least 3 leads; an unanswered lead counts as slower than every answer', () => {
    expect(medianReplyMinutes([30, 60])).toBeNull();
    expect(medianReplyMinutes([30, 60, 200])).toBe(60);
    expect(medianReplyMinutes([30, null, 200])).toBe(200);
    expect(medianReplyMinutes([30, null, null])).toBeNull();
    expect(medianReplyMinutes([30, 90, 100, null])).toBe(95);
    expect(medianReplyMinutes([30, 90, null, null])).toBeNull();
  });

  it('says it in hours, rounded up, and in days past a daytime day', () => {
    expect(replyLabel(12)).toBe('Usually replies within an hour');
    expect(replyLabel(60)).toBe('Usually replies within an hour');
    expect(replyLabel(61)).toBe('Usually replies within 2 hours');
    expect(replyLabel(720)).toBe('Usually replies within 12 hours');
    expect(replyLabel(721)).toBe('Usually replies within 2 days');
    expect(replyLabel(2000)).toBe('Usually replies within 3 days');
  });
});
