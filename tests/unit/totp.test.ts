import { describe, expect, it } from 'vitest';
import type { Clock } from '../../server/clock';
import { adminTwoFactorRequired, ConfigError, parseEnv, startupWarnings } from '../../server/env';
import {
  hashRecoveryCode,
  looksLikeRecoveryCode,
  matchTotp,
  newRecoveryCodes,
  newTotpSecret,
  openSecret,
  sealingKey,
  sealSecret,
  totpCode,
  totpStep,
} from '../../server/accounts/totp';
import { platformName } from '../../server/integrations/email';
import { TotpDevice } from '../support/two-factor';

// Administrators' two-factor sign-in, the parts without a database (docs/decisions/0109-admin-two-factor.md).

/** RFC 6238's SHA1 test secret ('12345678901234567890') in base32, and its published 8-digit values' last 6 digits. */
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

/** A test clock standing at a moment (server/clock.ts). */
const clockAt = (ms: number): Clock => ({ now: () => new Date(ms) });

describe('codes', () => {
  it("are RFC 6238's (SHA1, 6 digits, 30 seconds)", () => {
    expect(totpCode(RFC_SECRET, new Date(59_000))).toBe('287082');
    expect(totpCode(RFC_SECRET, new Date(1_111_111_109_000))).toBe('081804');
    expect(totpCode(RFC_SECRET, new Date(2_000_000_000_000))).toBe('279037');
  });

  it('are taken a step either side of the clock, not two, and answer their step', () => {
    const clock = clockAt(Date.UTC(2026, 0, 1, 9, 0, 10));
    const now = clock.now();
    const secret = newTotpSecret();
    const s = totpStep(now);
    expect(matchTotp(secret, totpCode(secret, now), now, null)).toBe(s);
    expect(matchTotp(secret, totpCode(secret, new Date(now.getTime() - 30_000)), now, null)).toBe(s - 1);
    expect(matchTotp(secret, totpCode(secret, new Date(now.getTime() + 30_000)), now, null)).toBe(s + 1);
    expect(matchTotp(secret, totpCode(secret, new Date(now.getTime() - 60_000)), now, null)).toBeNull();
    expect(matchTotp(secret, totpCode(secret, new Date(now.getTime() + 60_000)), now, null)).toBeNull();
  });

  it('refuse a code of a step already taken, or older: a replay', () => {
    const now = clockAt(Date.UTC(2026, 0, 1, 9, 0, 10)).now();
    const secret = newTotpSecret();
    const code = totpCode(secret, now);
    const taken = matchTotp(secret, code, now, null)!;
    expect(matchTotp(secret, code, now, taken)).toBeNull();
    expect(matchTotp(secret, totpCode(secret, new Date(now.getTime() - 30_000)), now, taken)).toBeNull();
    expect(matchTotp(secret, totpCode(secret, new Date(now.getTime() + 30_000)), now, taken)).toBe(taken + 1);
  });

  it('take spaces and a dash as apps show them; refuse anything else', () => {
    const now = new Date(Date.UTC(2026, 0, 1));
    const secret = newTotpSecret();
    const code = totpCode(secret, now);
    expect(matchTotp(secret, `${code.slice(0, 3)} ${code.slice(3)}`, now, null)).not.toBeNull();
    expect(matchTotp(secret, `${code.slice(0, 3)}-${code.slice(3)}`, now, null)).not.toBeNull();
    expect(matchTotp(secret, `${code}0`, now, null)).toBeNull();
    expect(matchTotp(secret, 'abcdef', now, null)).toBeNull();
    expect(matchTotp(secret, '', now, null)).toBeNull();
  });

  it("the tests' device never repeats a step", async () => {
    let ms = Date.UTC(2026, 0, 1, 9, 0, 0);
    const device = new TotpDevice(RFC_SECRET, () => new Date(ms));
    const codes = [await device.code(), await device.code(), await device.code()];
    expect(new Set(codes).size).toBe(3);
    ms += 90_000;
    expect(codes).not.toContain(await device.code());
  });
});

describe('the secret at rest', () => {
  it('opens with the key it was sealed with, never with another, and is not the secret in clear', () => {
    const key = sealingKey('a'.repeat(40));
    const sealed = sealSecret(key, 'JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(sealed).not.toBe(sealSecret(key, 'JBSWY3DPEHPK3PXP'));
    expect(openSecret(key, sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(openSecret(sealingKey('b'.repeat(40)), sealed)).toBeNull();
    // One bit of the ciphertext changed: GCM's tag refuses it.
    const [v, iv, tag, body] = sealed.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0]! ^= 1;
    expect(openSecret(key, [v, iv, tag, flipped.toString('base64url')].join('.'))).toBeNull();
    expect(openSecret(key, 'not sealed')).toBeNull();
  });
});

describe('recovery codes', () => {
  it('are ten, different, readable, and hash the same however typed', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) {
      expect(c).toMatch(/^[A-HJKMNP-Z2-9]{4}(-[A-HJKMNP-Z2-9]{4}){3}$/);
      expect(looksLikeRecoveryCode(c.toLowerCase())).toBe(true);
    }
    expect(hashRecoveryCode(codes[0]!)).toBe(hashRecoveryCode(` ${codes[0]!.toLowerCase().replace(/-/g, '')} `));
    expect(hashRecoveryCode(codes[0]!)).not.toBe(hashRecoveryCode(codes[1]!));
    expect(looksLikeRecoveryCode('123456')).toBe(false);
  });
});

describe('ADMIN_TWO_FACTOR', () => {
  const prod = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), PAYMENTS: 'demo' };
  it('is required in production unless said, optional elsewhere unless said', () => {
    expect(adminTwoFactorRequired(parseEnv(prod))).toBe(true);
    expect(adminTwoFactorRequired(parseEnv({ ...prod, ADMIN_TWO_FACTOR: 'optional' }))).toBe(false);
    expect(adminTwoFactorRequired(parseEnv({ NODE_ENV: 'development' }))).toBe(false);
    expect(adminTwoFactorRequired(parseEnv({ NODE_ENV: 'test', ADMIN_TWO_FACTOR: 'required' }))).toBe(true);
    expect(() => parseEnv({ ADMIN_TWO_FACTOR: 'yes' })).toThrow(ConfigError);
  });

  it('says so at start when production lets administrators in with a password alone', () => {
    expect(startupWarnings(parseEnv({ ...prod, ADMIN_TWO_FACTOR: 'optional' })).join('\n')).toMatch(
      /ADMIN_TWO_FACTOR=optional/,
    );
    expect(startupWarnings(parseEnv(prod)).join('\n')).not.toMatch(/ADMIN_TWO_FACTOR/);
  });
});

describe("the authenticator entry's issuer", () => {
  it("is the platform's name: MAIL_FROM's, the name its mail goes out under, whatever host the administrator is on", () => {
    expect(platformName(parseEnv({}).MAIL_FROM)).toBe('Sullivan County Contractors');
    expect(platformName('"Pennsylvania Contractors" <no-reply@example.org>')).toBe('Pennsylvania Contractors');
    // A bare address has no name: the product's.
    expect(platformName('no-reply@example.org')).toBe('Contractor Directory');
  });
});
