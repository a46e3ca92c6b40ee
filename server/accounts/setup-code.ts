import { createHash, randomInt } from 'node:crypto';

/** No 0/O, 1/I: the code is read from an email and typed by hand. */
export const SETUP_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const SETUP_CODE_LENGTH = 12;
export const SETUP_CODE_TTL_MS = 7 * 24 * 60 * 60_000;

export function generateSetupCode(): string {
  let code = '';
  for (let i = 0; i < SETUP_CODE_LENGTH; i++) code += SETUP_CODE_ALPHABET[randomInt(SETUP_CODE_ALPHABET.length)];
  return code;
}

/**
 * Only this hash is stored. A plain SHA-256 is enough: the code is 60 random bits, single use,
 * short-lived and guessed only through a rate-limited endpoint.
 */
export function hashSetupCode(code: string): string {
  return createHash('sha256').update(code.trim().toUpperCase()).digest('hex');
}
