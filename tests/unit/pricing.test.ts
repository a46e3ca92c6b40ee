import { describe, expect, it } from 'vitest';
import { DEFAULT_LEAD_PRICE_CENTS, priceLead, type PricingRuleLike } from '@shared/pricing';

let nextId = 1;
const rule = (r: Partial<PricingRuleLike> & Pick<PricingRuleLike, 'ruleType'>): PricingRuleLike => ({
  id: nextId++,
  ruleValue: null,
  townId: null,
  leadPriceCents: 1000,
  priority: 0,
  isActive: true,
  updatedAt: '2026-01-01T00:00:00Z',
  ...r,
});

/** Town ids: Laporte of one county, and another county's town of the same name (slugs recur across counties; ids do not). */
const LAPORTE = 11;
const OTHER_LAPORTE = 42;
const DUSHORE = 12;
const lead = { serviceSlugs: ['kitchen-bath'], townId: LAPORTE, contractorId: 7 };

describe('lead pricing engine (docs/decisions/0004-lead-prices.md)', () => {
  it('charges 25.00 when no rule matches', () => {
    expect(priceLead([], lead)).toEqual({ priceCents: DEFAULT_LEAD_PRICE_CENTS, ruleId: null });
    expect(priceLead([rule({ ruleType: 'service', ruleValue: 'roofing' })], lead).priceCents).toBe(2500);
  });

  it('matches each rule type on its own field', () => {
    expect(priceLead([rule({ ruleType: 'global', leadPriceCents: 1100 })], lead).priceCents).toBe(1100);
    expect(
      priceLead([rule({ ruleType: 'service', ruleValue: 'kitchen-bath', leadPriceCents: 1200 })], lead).priceCents,
    ).toBe(1200);
    expect(priceLead([rule({ ruleType: 'location', townId: LAPORTE, leadPriceCents: 1300 })], lead).priceCents).toBe(
      1300,
    );
    expect(priceLead([rule({ ruleType: 'location', townId: DUSHORE, leadPriceCents: 1300 })], lead).priceCents).toBe(
      2500,
    );
    expect(priceLead([rule({ ruleType: 'contractor', ruleValue: '7', leadPriceCents: 1400 })], lead).priceCents).toBe(
      1400,
    );
    expect(
      priceLead([rule({ ruleType: 'contractor', ruleValue: '7', leadPriceCents: 1400 })], {
        ...lead,
        contractorId: null,
      }).priceCents,
    ).toBe(2500);
  });

  it('ignores inactive rules', () => {
    expect(priceLead([rule({ ruleType: 'global', leadPriceCents: 900, isActive: false })], lead).priceCents).toBe(2500);
  });

  it('lets the highest priority win regardless of type', () => {
    const rules = [
      rule({ ruleType: 'contractor', ruleValue: '7', leadPriceCents: 4000, priority: 1 }),
      rule({ ruleType: 'global', leadPriceCents: 1500, priority: 5 }),
    ];
    expect(priceLead(rules, lead).priceCents).toBe(1500);
  });

  it('breaks a priority tie by specificity: contractor > service > location > global', () => {
    const g = rule({ ruleType: 'global', leadPriceCents: 100, priority: 3 });
    const l = rule({ ruleType: 'location', townId: LAPORTE, leadPriceCents: 200, priority: 3 });
    const s = rule({ ruleType: 'service', ruleValue: 'kitchen-bath', leadPriceCents: 300, priority: 3 });
    const c = rule({ ruleType: 'contractor', ruleValue: '7', leadPriceCents: 400, priority: 3 });
    expect(priceLead([g, l, s, c], lead).priceCents).toBe(400);
    expect(priceLead([g, l, s], lead).priceCents).toBe(300);
    expect(priceLead([g, l], lead).priceCents).toBe(200);
    expect(priceLead([l, g].reverse(), lead).priceCents).toBe(200);
  });

  it('breaks a tie of priority and type by the most recently updated rule', () => {
    const older = rule({
      ruleType: 'service',
      ruleValue: 'kitchen-bath',
      leadPriceCents: 500,
      updatedAt: '2026-03-01T00:00:00Z',
    });
    const newer = rule({
      ruleType: 'service',
      ruleValue: 'kitchen-bath',
      leadPriceCents: 600,
      updatedAt: new Date('2026-04-01T00:00:00Z'),
    });
    expect(priceLead([older, newer], lead)).toEqual({ priceCents: 600, ruleId: newer.id });
    expect(priceLead([newer, older], lead)).toEqual({ priceCents: 600, ruleId: newer.id });
  });

  it('matches a service rule against any of the services a lead maps to', () => {
    const r = rule({ ruleType: 'service', ruleValue: 'siding', leadPriceCents: 3300 });
    expect(priceLead([r], { serviceSlugs: ['roofing', 'siding'], townId: null, contractorId: null }).priceCents).toBe(
      3300,
    );
  });

  it('matches a location rule by town id only: not a same-named town of another county, not a place that is no town', () => {
    const r = rule({ ruleType: 'location', townId: LAPORTE, leadPriceCents: 3700 });
    expect(priceLead([r], { ...lead, townId: LAPORTE })).toEqual({ priceCents: 3700, ruleId: r.id });
    expect(priceLead([r], { ...lead, townId: OTHER_LAPORTE }).priceCents).toBe(DEFAULT_LEAD_PRICE_CENTS);
    expect(priceLead([r], { ...lead, townId: null }).priceCents).toBe(DEFAULT_LEAD_PRICE_CENTS);
    // A location rule without a town (which the database refuses) matches nothing, not every place without one.
    expect(
      priceLead([rule({ ruleType: 'location', townId: null, leadPriceCents: 3800 })], { ...lead, townId: null })
        .priceCents,
    ).toBe(DEFAULT_LEAD_PRICE_CENTS);
  });
});
