import { describe, expect, it } from 'vitest';
import { region } from '@shared/region';
import { resolveService, resolveServices, resolveTown, servicesOfQuoteOption, townFromText } from '@shared/taxonomy';

describe('service taxonomy (docs/decisions/0001-region-data.md)', () => {
  it('has the 15 canonical submission services with unique slugs', () => {
    expect(region.services).toHaveLength(15);
    expect(new Set(region.services.map((s) => s.slug)).size).toBe(15);
  });

  it('maps every option of every list onto canonical services', () => {
    const slugs = new Set(region.services.map((s) => s.slug));
    for (const o of [...region.homeSearchServices, ...region.quoteServices]) {
      for (const s of o.services) expect(slugs.has(s), `${o.label} -> ${s}`).toBe(true);
    }
    expect(region.homeSearchServices).toHaveLength(6);
    expect(region.quoteServices).toHaveLength(10);
  });

  it("matches the home option 'Kitchen & Bathroom Remodeling' to 'Kitchen & Bath Remodeling'", () => {
    expect(resolveService('Kitchen & Bathroom Remodeling')).toEqual(['kitchen-bath']);
    expect(resolveService('kitchen & bath remodeling')).toEqual(['kitchen-bath']);
    expect(resolveService('Roofing & Siding')).toEqual(['roofing', 'siding']);
    expect(resolveService('roofing-siding')).toEqual(['roofing', 'siding']);
    expect(servicesOfQuoteOption('Bathroom Remodeling')).toEqual(['kitchen-bath']);
    expect(servicesOfQuoteOption('Other')).toEqual([]);
  });

  it("treats 'all' as no filter and an unknown name as unknown", () => {
    expect(resolveService('all')).toEqual([]);
    expect(resolveService('Underwater welding')).toBeNull();
    expect(resolveServices(['electrical', 'plumbing'])).toEqual(['electrical', 'plumbing']);
    expect(resolveServices(['electrical', 'nope'])).toBeNull();
  });
});

describe('towns (docs/decisions/0001-region-data.md)', () => {
  it('resolves selector values and labels', () => {
    expect(resolveTown('Laporte Borough')).toBe('laporte');
    expect(resolveTown('laporte')).toBe('laporte');
    expect(resolveTown('All of Sullivan County')).toBe('');
    expect(resolveTown('all')).toBe('');
    expect(resolveTown('Atlantis')).toBeNull();
  });

  it('recognises free-text places, longest name first', () => {
    expect(townFromText('Laporte, PA')).toBe('laporte');
    expect(townFromText('Laporte Township')).toBe('other-townships');
    expect(townFromText('Hillsgrove, PA')).toBe('other-townships');
    expect(townFromText('near Muncy Valley')).toBe('davidson-township');
    expect(townFromText('Eagles Mere, Pennsylvania')).toBe('eagles-mere');
    expect(townFromText('Philadelphia')).toBeNull();
  });
});
