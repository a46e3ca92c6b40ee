import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/**
 * The pieces of administrators' two-factor sign-in that need no database
 * (docs/decisions/0109-admin-two-factor.md): RFC 6238 codes through `otpauth` with what every
 * authenticator app reads (SHA1, 6 digits, 30 seconds), a step either side for a phone's clock,
 * the secret sealed at rest, and one-time recovery codes.
 */

const PERIOD = 30;
const DIGITS = 6;
/** Steps accepted either side of the current one: a code from 30 seconds ago or ahead still works. */
const WINDOW = 1;

const totp = (secretBase32: string, label = 'admin', issuer = 'Contractor Directory') =>
  new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD,
    secret: Secret.fromBase32(secretBase32),
  });

/** A new secret: 160 random bits (RFC 4226's recommended length), in base32 as apps take it typed. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The otpauth:// address the QR code carries. */
export const otpauthUri = (secretBase32: string, username: string, issuer: string): string =>
  totp(secretBase32, username, issuer).toString();

/** The code at a moment (tests and the test helpers compute what the app would show). */
export const totpCode = (secretBase32: string, at: Date): string =>
  totp(secretBase32).generate({ timestamp: at.getTime() });

/** The 30-second step a moment falls in. */
export const totpStep = (at: Date): number => Math.floor(at.getTime() / 1000 / PERIOD);

/** Six digits, spaces and dashes allowed as apps show them. */
export const looksLikeTotp = (code: string): boolean => /^\d{6}$/.test(code.replace(/[\s-]/g, ''));

/**
 * The step of the code if it is right at `at` (within a step either side) and of a later step
 * than `lastStep`, the last one accepted; else null. A code is accepted once: a replay within its
 * window, or an older code after a newer one, is refused.
 */
export function matchTotp(secretBase32: string, code: string, at: Date, lastStep: number | null): number | null {
  const token = code.replace(/[\s-]/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totp(secretBase32).validate({ token, timestamp: at.getTime(), window: WINDOW });
  if (delta === null) return null;
  const step = totpStep(at) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

// ---- The secret at rest

/** A key for sealing secrets, derived from SESSION_SECRET (HKDF, its own label, so it is no other use's key). */
export type SealingKey = Buffer & { readonly __sealingKey: true };
export const sealingKey = (sessionSecret: string): SealingKey =>
  Buffer.from(hkdfSync('sha256', sessionSecret, 'admin-two-factor', 'totp-secret-v1', 32)) as SealingKey;

/** AES-256-GCM: 'v1.' iv.tag.ciphertext, base64url. */
export function sealSecret(key: SealingKey, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The secret, or null when it was sealed with another key (SESSION_SECRET changed) or is damaged. */
export function openSecret(key: SealingKey, sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

// ---- Recovery codes

export const RECOVERY_CODE_COUNT = 10;
/** No 0/O, 1/I/L: read off paper without doubt. 16 of these 31 letters and digits: over 79 random bits. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 16;

/** A fresh set, shown once as xxxx-xxxx-xxxx-xxxx. */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const chars = Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return chars.match(/.{4}/g)!.join('-');
  });
}

/** Typed any way: case, spaces and dashes do not matter. */
export const normalizeRecoveryCode = (code: string): string => code.toUpperCase().replace(/[\s-]/g, '');

export const looksLikeRecoveryCode = (code: string): boolean =>
  new RegExp(`^[${ALPHABET}]{${CODE_LENGTH}}$`).test(normalizeRecoveryCode(code));

export const hashRecoveryCode = (code: string): string =>
  createHash('sha256').update(normalizeRecoveryCode(code)).digest('hex');
