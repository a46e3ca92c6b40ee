import { describe, expect, it } from 'vitest';
import { creditSummary, planById, PLANS } from '@shared/plans';

describe('plan catalogue (docs/decisions/0006-plans-and-credits.md)', () => {
  it('has Free, Pro and Premium at the agreed prices and credits', () => {
    expect(PLANS.map((p) => [p.id, p.priceCents, p.leadCredits, p.featuredListing])).toEqual([
      ['free', 0, 2, false],
      ['pro', 4500, 9, false],
      ['premium', 10000, 20, true],
    ]);
    expect(planById('nonsense').id).toBe('free');
  });

  it('warns when 80% of the credits are used', () => {
    expect(creditSummary('free', 1)).toEqual({ total: 2, used: 1, left: 1, low: false });
    expect(creditSummary('free', 2).low).toBe(true);
    expect(creditSummary('pro', 7).low).toBe(false);
    expect(creditSummary('pro', 8).low).toBe(true);
    expect(creditSummary('premium', 15).low).toBe(false);
    expect(creditSummary('premium', 16)).toEqual({ total: 20, used: 16, left: 4, low: true });
    expect(creditSummary('pro', 12).left).toBe(0);
  });
});
