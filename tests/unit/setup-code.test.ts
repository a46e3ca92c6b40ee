import { describe, expect, it } from 'vitest';
import { generateSetupCode, hashSetupCode, SETUP_CODE_ALPHABET } from '../../server/accounts/setup-code';

describe('generateSetupCode', () => {
  it('makes 12 characters from the unambiguous uppercase alphabet', () => {
    for (let i = 0; i < 200; i++) expect(generateSetupCode()).toMatch(/^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{12}$/);
  });

  it('does not repeat and uses the whole alphabet', () => {
    const codes = Array.from({ length: 2000 }, generateSetupCode);
    expect(new Set(codes).size).toBe(codes.length);
    const seen = new Set(codes.join(''));
    expect([...SETUP_CODE_ALPHABET].filter((c) => !seen.has(c))).toEqual([]);
    expect([...seen].filter((c) => !SETUP_CODE_ALPHABET.includes(c))).toEqual([]);
  });
});

describe('hashSetupCode', () => {
  it('is the SHA-256 hex of the upper-case code, so typing it in lower case still matches', () => {
    const expected = '3f63d25fcb898ecfd6c2e2322bfdb11f44fe17dd0dc359e70b7246224bb223e9';
    expect(hashSetupCode('ABCDEFGHJKLM')).toBe(expected);
    expect(hashSetupCode(' abcdefghjklm ')).toBe(expected);
    expect(hashSetupCode('ABCDEFGHJKLN')).not.toBe(expected);
  });
});
