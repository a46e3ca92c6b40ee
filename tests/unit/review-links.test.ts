import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../server/env';
import { ownBusinessReason, reviewerName, websiteDomain } from '../../server/reviews/review-rules';
import { readReviewLink, signReviewLink } from '../../server/reviews/review-tokens';

const env = parseEnv({ NODE_ENV: 'test', SESSION_SECRET: 'unit-secret-unit-secret-unit-secret-0000' });
const other = parseEnv({ NODE_ENV: 'test', SESSION_SECRET: 'another-secret-another-secret-another-00' });
const expiresAt = new Date('2031-03-01T12:00:00Z');

describe('review links (docs/decisions/0051-review-links.md)', () => {
  it('reads back the delivery and the expiry it was signed with', () => {
    const token = signReviewLink(env, { deliveryId: 42, expiresAt });
    expect(token).toMatch(/^42\.[0-9a-z]+\.[\w-]{22}$/);
    expect(readReviewLink(env, token)).toEqual({ deliveryId: 42, expiresAt });
  });

  it('refuses a token changed anywhere, signed under another secret, or malformed', () => {
    const token = signReviewLink(env, { deliveryId: 42, expiresAt });
    const [id, expiry, sig] = token.split('.') as [string, string, string];
    for (const bad of [
      `43.${expiry}.${sig}`,
      `${id}.${(parseInt(expiry, 36) + 1).toString(36)}.${sig}`,
      `${id}.${expiry}.${sig.slice(1)}x`,
      signReviewLink(other, { deliveryId: 42, expiresAt }),
      `${token}.`,
      token.toUpperCase(),
      '',
      '0.1.AAAAAAAAAAAAAAAAAAAAAA',
      `99999999999.${expiry}.${sig}`,
    ]) {
      expect(readReviewLink(env, bad), bad).toBeNull();
    }
  });
});

describe('who may review', () => {
  const c = {
    email: 'office@ridgeroofing.example',
    accountEmail: 'Owner@Gmail.example',
    website: 'https://www.ridgeroofing.example/about',
  };

  it("refuses the contractor's own addresses and its website's domain, in any case", () => {
    expect(ownBusinessReason('OFFICE@ridgeroofing.example', c)).toMatch(/contractor's own/);
    expect(ownBusinessReason(' owner@gmail.example ', c)).toMatch(/contractor's own/);
    expect(ownBusinessReason('son@ridgeroofing.example', c)).toMatch(/website domain/);
    expect(ownBusinessReason('crew@mail.ridgeroofing.example', c)).toMatch(/website domain/);
  });

  it('lets homeowners on other domains review, the free-mail provider the contractor also uses included', () => {
    expect(ownBusinessReason('neighbor@gmail.example', c)).toBeNull();
    expect(ownBusinessReason('someone@notridgeroofing.example', c)).toBeNull();
    expect(ownBusinessReason('a@ridgeroofing.example', { ...c, website: null })).toBeNull();
  });

  it('reads the domain of a website typed without a scheme, and none from nonsense', () => {
    expect(websiteDomain('ridgeroofing.example')).toBe('ridgeroofing.example');
    expect(websiteDomain('http://WWW.Ridge.example:8080/x')).toBe('ridge.example');
    expect(websiteDomain('not a site')).toBeNull();
    expect(websiteDomain(null)).toBeNull();
  });

  it('shows a review under the first name only, with contact details hidden', () => {
    expect(reviewerName('  Dana   Homeowner ')).toBe('Dana');
    expect(reviewerName('dana@example.com')).toBe('[contact hidden]');
  });
});
