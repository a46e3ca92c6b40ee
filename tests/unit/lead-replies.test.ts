import { describe, expect, it } from 'vitest';
import { estimateText, leadReplySchema } from '@shared/schemas/lead-replies';
import { answersOpen } from '../../server/leads/requests/request-page';

describe('a contractor reply (docs/decisions/0128-request-page-and-replies.md)', () => {
  it('needs a message; the estimate and visit date are optional', () => {
    expect(leadReplySchema.safeParse({ message: '   ' }).success).toBe(false);
    expect(leadReplySchema.parse({ message: ' Hello ' })).toEqual({
      message: 'Hello',
      estimate: 'none',
      estimateLow: null,
      estimateHigh: null,
      visitDate: null,
    });
  });

  it('reads whole dollars as people type them, and wants a range in order', () => {
    expect(
      leadReplySchema.parse({ message: 'Hi', estimate: 'range', estimateLow: '$4,000', estimateHigh: 6500 }),
    ).toMatchObject({ estimateLow: 4000, estimateHigh: 6500 });
    const issues = (input: Record<string, unknown>) =>
      leadReplySchema.safeParse({ message: 'Hi', estimate: 'range', ...input }).error?.issues.map((i) => i.path[0]);
    expect(issues({ estimateLow: '900', estimateHigh: '100' })).toEqual(['estimateHigh']);
    expect(issues({ estimateLow: '12.50', estimateHigh: '100' })).toEqual(['estimateLow']);
    expect(issues({ estimateHigh: '100' })).toEqual(['estimateLow']);
    expect(issues({ estimateLow: '-5', estimateHigh: '100' })).toEqual(['estimateLow']);
    expect(leadReplySchema.safeParse({ message: 'Hi', visitDate: '12/10/2026' }).success).toBe(false);
  });

  it('writes the estimate as the homeowner reads it', () => {
    expect(estimateText({ low: 400_000, high: 650_000, afterVisit: false })).toBe('$4,000 – $6,500');
    expect(estimateText({ low: 90_000, high: 90_000, afterVisit: false })).toBe('$900');
    expect(estimateText({ low: null, high: null, afterVisit: true })).toBe('After a visit');
    expect(estimateText({ low: null, high: null, afterVisit: false })).toBeNull();
  });
});

describe("the homeowner's answers", () => {
  it('"I hired them" once the contractor has the details; each once; none after hiring or withdrawing', () => {
    expect(answersOpen(false, false, [])).toEqual(['still_looking']);
    expect(answersOpen(false, true, [])).toEqual(['hired', 'still_looking']);
    expect(answersOpen(false, true, ['still_looking'])).toEqual(['hired']);
    expect(answersOpen(false, true, ['hired'])).toEqual([]);
    expect(answersOpen(true, true, [])).toEqual([]);
  });
});
