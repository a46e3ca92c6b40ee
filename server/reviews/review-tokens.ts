import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Env } from '../env';
import { resolveSessionSecret } from '../session-secret';

/**
 * The follow-up email's review link (docs/decisions/0051-review-links.md): `<delivery
 * id>.<expiry>.<signature>`, the expiry in seconds (base 36) and an HMAC-SHA256 of both, cut to 128
 * bits, under a key derived from SESSION_SECRET. Nothing is stored to check it: a changed id or
 * expiry breaks the signature. Single use is the database's part (one review per lead). Changing
 * SESSION_SECRET ends every link.
 */

export interface ReviewLink {
  deliveryId: number;
  expiresAt: Date;
}

const SIGNATURE_LENGTH = 22; // base64url characters: 132 bits

const keys = new WeakMap<Env, Buffer>();
/** A key of its own, so the session secret itself never signs anything a visitor can read. */
function keyOf(env: Env): Buffer {
  let key = keys.get(env);
  if (!key)
    keys.set(
      env,
      (key = createHmac('sha256', resolveSessionSecret(env.SESSION_SECRET, env.DATA_DIR))
        .update('review-link-v1')
        .digest()),
    );
  return key;
}

const signature = (key: Buffer, payload: string) =>
  createHmac('sha256', key).update(payload).digest('base64url').slice(0, SIGNATURE_LENGTH);

export function signReviewLink(env: Env, link: ReviewLink): string {
  const payload = `${link.deliveryId}.${Math.floor(link.expiresAt.getTime() / 1000).toString(36)}`;
  return `${payload}.${signature(keyOf(env), payload)}`;
}

/** The link a token stands for when it was signed here, expired or not; null when it is malformed or forged. */
export function readReviewLink(env: Env, token: string): ReviewLink | null {
  const m = /^([1-9]\d{0,9})\.([0-9a-z]{1,10})\.([\w-]{22})$/.exec(token);
  if (!m) return null;
  const [, id, expiry, given] = m as unknown as [string, string, string, string];
  const expected = Buffer.from(signature(keyOf(env), `${id}.${expiry}`));
  if (!timingSafeEqual(expected, Buffer.from(given))) return null;
  const deliveryId = Number(id);
  if (deliveryId > 2_147_483_647) return null;
  return { deliveryId, expiresAt: new Date(parseInt(expiry, 36) * 1000) };
}
