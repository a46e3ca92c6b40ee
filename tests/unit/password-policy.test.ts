import { describe, expect, it } from 'vitest';
import { PASSWORD_MIN_LENGTH } from '@shared/contractor-auth';
import { contractorSetupSchema } from '@shared/schemas/contractor-auth';
import { parseEnv } from '../../server/env';
import { commonPasswordsCount, isCommonPassword } from '../../server/accounts/password-policy';

/** Issue 11, item 11: at least 12 characters and none of the most common passwords. */
describe('password policy', () => {
  it('checks against a list of at least 10,000 common passwords', () => {
    expect(commonPasswordsCount()).toBeGreaterThanOrEqual(10_000);
  });

  it('refuses common passwords in any case, and ones with only digits or symbols added', () => {
    for (const p of [
      'qwerty123456',
      '1qaz2wsx3edc',
      'PASSWORD1234',
      'Password1234!',
      'iloveyou2024',
      '2024iloveyou',
      '!!dragon123456',
      'monkey-monkey',
    ])
      expect(isCommonPassword(p), p).toBe(true);
  });

  it('accepts passwords that are not on the list', () => {
    for (const p of [
      'correct-horse-battery',
      'gansel-password',
      'first-password-1',
      'Tioga Street 1987',
      'x'.repeat(200),
    ])
      expect(isCommonPassword(p), p).toBe(false);
  });

  it('asks for at least 12 characters in the shared setup schema (the form shows the same rule)', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(12);
    const base = { email: 'a@example.com', token: 'ABCDEFGHJKLM' };
    expect(contractorSetupSchema.safeParse({ ...base, password: 'x'.repeat(11) }).error?.issues[0]?.message).toBe(
      'Password must be at least 12 characters',
    );
    expect(contractorSetupSchema.safeParse({ ...base, password: 'x'.repeat(12) }).success).toBe(true);
  });

  it('asks the same of ADMIN_PASSWORD', () => {
    expect(() => parseEnv({ ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'x'.repeat(11) })).toThrow(
      /ADMIN_PASSWORD must be at least 12 characters/,
    );
    expect(parseEnv({ ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'x'.repeat(12) }).ADMIN_PASSWORD).toBe('x'.repeat(12));
  });
});
