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
    expect(resolveService('Kitchen & Bathroom Remodeling', region)).toEqual(['kitchen-bath']);
    expect(resolveService('kitchen & bath remodeling', region)).toEqual(['kitchen-bath']);
    expect(resolveService('Roofing & Siding', region)).toEqual(['roofing', 'siding']);
    expect(resolveService('roofing-siding', region)).toEqual(['roofing', 'siding']);
    expect(servicesOfQuoteOption('Bathroom Remodeling', region)).toEqual(['kitchen-bath']);
    expect(servicesOfQuoteOption('Other', region)).toEqual([]);
  });

  it("treats 'all' as no filter and an unknown name as unknown", () => {
    expect(resolveService('all', region)).toEqual([]);
    expect(resolveService('Underwater welding', region)).toBeNull();
    expect(resolveServices(['electrical', 'plumbing'], region)).toEqual(['electrical', 'plumbing']);
    expect(resolveServices(['electrical', 'nope'], region)).toBeNull();
  });
});

describe('towns (docs/decisions/0001-region-data.md)', () => {
  it('resolves selector values and labels', () => {
    expect(resolveTown('Laporte Borough', region)).toBe('laporte');
    expect(resolveTown('laporte', region)).toBe('laporte');
    expect(resolveTown('All of Sullivan County', region)).toBe('');
    expect(resolveTown('all', region)).toBe('');
    expect(resolveTown('Atlantis', region)).toBeNull();
  });

  it('recognises free-text places, longest name first', () => {
    expect(townFromText('Laporte, PA', region)).toBe('laporte');
    expect(townFromText('Laporte Township', region)).toBe('other-townships');
    expect(townFromText('Hillsgrove, PA', region)).toBe('other-townships');
    expect(townFromText('near Muncy Valley', region)).toBe('davidson-township');
    expect(townFromText('Eagles Mere, Pennsylvania', region)).toBe('eagles-mere');
    expect(townFromText('Philadelphia', region)).toBeNull();
  });
});
