import { describe, expect, it } from 'vitest';
import { DEFAULT_LEGAL_PAGES, fillLegalPage, LEGAL_PAGE_SLUGS } from '@shared/legal-pages';
import { parseEnv } from '../../server/env';
import { retentionCutoff } from '../../server/leads/lead-retention';

/** The pure parts of privacy (docs/decisions/0114-homeowner-privacy.md): the setting, the cutoff, the legal pages' placeholders. */
const words = {
  siteTitle: 'Wyoming County Contractors',
  county: 'Wyoming County, PA',
  supportEmail: 'help@wyoming.example',
  retentionDays: 90,
};

describe('LEAD_RETENTION_DAYS', () => {
  it('is 365 days unless set, a whole number of at least one day', () => {
    expect(parseEnv({}).LEAD_RETENTION_DAYS).toBe(365);
    expect(parseEnv({ LEAD_RETENTION_DAYS: '' }).LEAD_RETENTION_DAYS).toBe(365);
    expect(parseEnv({ LEAD_RETENTION_DAYS: '30' }).LEAD_RETENTION_DAYS).toBe(30);
    for (const bad of ['0', '-5', '1.5', 'a year', '40000'])
      expect(() => parseEnv({ LEAD_RETENTION_DAYS: bad }), bad).toThrow(/LEAD_RETENTION_DAYS/);
  });

  it('puts the cutoff that many days before now', () => {
    expect(retentionCutoff(new Date('2026-12-31T12:00:00Z'), 30)).toEqual(new Date('2026-12-01T12:00:00Z'));
  });
});

describe('the legal pages', () => {
  it("fill in every placeholder with the county's words and leave other braces alone", () => {
    expect(fillLegalPage('{site} in {county}: write {email}, {retentionDays} days. {other}', words)).toBe(
      'Wyoming County Contractors in Wyoming County, PA: write help@wyoming.example, 90 days. {other}',
    );
  });

  it.each(LEGAL_PAGE_SLUGS)('%s: the default text names the county and leaves no placeholder', (slug) => {
    const text = fillLegalPage(DEFAULT_LEGAL_PAGES[slug], words);
    expect(text).toContain('Wyoming County, PA');
    expect(text).toContain('help@wyoming.example');
    expect(text).not.toMatch(/\{(site|county|email|retentionDays)\}/);
  });

  it('the privacy policy says what is kept, for how long, who sees it, the one cookie and Stripe', () => {
    const text = fillLegalPage(DEFAULT_LEGAL_PAGES.privacy, words);
    expect(text).toContain('erased 90 days after your request is closed');
    expect(text).toMatch(/one cookie/i);
    expect(text).toContain('Stripe');
    expect(text).toMatch(/administrator of a county sees only that county's requests/);
  });
});
