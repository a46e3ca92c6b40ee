import { describe, expect, it } from 'vitest';
import { toE164 } from '@shared/phone-numbers';
import { leadPreferencesSchema } from '@shared/schemas/lead-preferences';
import { pausedLabel } from '@shared/paused-label';
import { routingSummary } from '@shared/schemas/lead-routing';
import { phoneKey } from '@shared/phone-numbers';
import { leadFit, looksLikeSpam } from '../../server/leads/routing/checks';
import { rankCandidates, replyRate, type Candidate } from '../../server/leads/routing/ranking';

/** The pure rules of lead routing (docs/decisions/0117-lead-routing.md). */
describe('the checks', () => {
  it('holds links and bulk-spam words, not ordinary project details', () => {
    expect(looksLikeSpam('See https://example.com/roof')).toBe(true);
    expect(looksLikeSpam('visit www.cheap-roofs.biz today')).toBe(true);
    expect(looksLikeSpam('my site is roofdeals.xyz')).toBe(true);
    expect(looksLikeSpam('Earn bitcoin fast')).toBe(true);
    expect(looksLikeSpam('The porch roof leaks. About 20 ft. by 12 ft., asphalt shingles, 2 stories.')).toBe(false);
    expect(looksLikeSpam('Call after 5 p.m. Budget is flexible.')).toBe(false);
  });

  it('compares phone numbers by their last ten digits', () => {
    expect(phoneKey('(570) 555-0199')).toBe(phoneKey('+1 570.555.0199'));
    expect(phoneKey('570-555-0199')).not.toBe(phoneKey('570-555-0198'));
  });

  const takesAll = { pausedUntil: null, serviceSlugs: null, townIds: null };
  const lead = { serviceSlugs: ['roofing'], townId: 7 };
  it('a contractor paused until a later day cannot take it; from that day it can', () => {
    expect(leadFit({ ...takesAll, pausedUntil: '2027-03-02' }, lead, '2027-03-01')).toBe('paused');
    expect(leadFit({ ...takesAll, pausedUntil: '2027-03-02' }, lead, '2027-03-02')).toBeNull();
  });

  it('the services and towns it takes: another is not taken; a request naming none is', () => {
    expect(leadFit({ ...takesAll, serviceSlugs: ['plumbing'] }, lead, '2027-01-01')).toBe('not_taken');
    expect(leadFit({ ...takesAll, townIds: [8, 9] }, lead, '2027-01-01')).toBe('not_taken');
    expect(leadFit({ ...takesAll, serviceSlugs: ['roofing', 'siding'], townIds: [7] }, lead, '2027-01-01')).toBeNull();
    expect(
      leadFit(
        { ...takesAll, serviceSlugs: ['plumbing'], townIds: [8] },
        { serviceSlugs: [], townId: null },
        '2027-01-01',
      ),
    ).toBeNull();
  });
});

describe('the cap in the portal', () => {
  const base = { pausedUntil: null, services: null, townIds: null, textPhone: null, textOptIn: false };
  it('takes dollars as typed, empty for no cap, and refuses a negative or absurd one', () => {
    expect(leadPreferencesSchema.parse({ ...base, monthlyCap: '$1,250.50' }).monthlyCap).toBe(1250.5);
    expect(leadPreferencesSchema.parse({ ...base, monthlyCap: '' }).monthlyCap).toBeNull();
    expect(leadPreferencesSchema.parse({ ...base, monthlyCap: 0 }).monthlyCap).toBe(0);
    expect(leadPreferencesSchema.safeParse({ ...base, monthlyCap: '-1' }).success).toBe(false);
    expect(leadPreferencesSchema.safeParse({ ...base, monthlyCap: 'lots' }).success).toBe(false);
  });

  it('text alerts need a US mobile number', () => {
    expect(toE164('(570) 555-0123')).toBe('+15705550123');
    expect(toE164('1-570-555-0123')).toBe('+15705550123');
    expect(toE164('555-0123')).toBeNull();
    expect(
      leadPreferencesSchema.safeParse({ ...base, monthlyCap: null, textOptIn: true, textPhone: null }).success,
    ).toBe(false);
  });

  it('says until when a paused contractor takes no requests', () => {
    expect(pausedLabel('2027-03-02')).toBe('Not taking new requests until March 2');
  });
});

describe('the ranking of alternatives', () => {
  const c = (id: number, over: Partial<Candidate> = {}): Candidate => ({
    id,
    name: `C${id}`,
    verified: false,
    rating: 0,
    reviewCount: 0,
    recentLeads: 0,
    repliedLeads: 0,
    ...over,
  });
  it('verified first, then rating, then reply record, then reviews; at most three', () => {
    const ranked = rankCandidates([
      c(1),
      c(2, { rating: 4.8, reviewCount: 3 }),
      c(3, { verified: true, rating: 3.9, reviewCount: 10 }),
      c(4, { rating: 4.8, reviewCount: 3, recentLeads: 10, repliedLeads: 9 }),
      c(5, { verified: true, rating: 4.5, reviewCount: 2 }),
    ]);
    expect(ranked.map((r) => r.id)).toEqual([5, 3, 4]);
  });

  it('a rating without reviews counts for nothing; a contractor without leads has an even reply record', () => {
    expect(
      rankCandidates([c(1, { rating: 5, reviewCount: 0 }), c(2, { rating: 3, reviewCount: 1 })]).map((r) => r.id),
    ).toEqual([2, 1]);
    expect(replyRate({ recentLeads: 0, repliedLeads: 0 })).toBe(0.5);
  });
});

describe('how it went, for the lead list', () => {
  it('names the actor or the reason', () => {
    expect(routingSummary({ routing: 'delivered', routingReason: null, deliveredBy: 'system' })).toBe(
      'Delivered automatically',
    );
    expect(routingSummary({ routing: 'delivered', routingReason: null, deliveredBy: 'mary' })).toBe(
      'Delivered by mary',
    );
    expect(routingSummary({ routing: 'held', routingReason: 'spam', deliveredBy: null })).toBe(
      'Held: links or spam in the project details',
    );
    expect(routingSummary({ routing: 'released', routingReason: 'paused', deliveredBy: null })).toBe(
      'Released: the contractor is not taking new requests',
    );
  });
});
