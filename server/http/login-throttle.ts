import { setTimeout as sleep } from 'node:timers/promises';
import type { Request } from 'express';
import { accountKey } from './rate-limit-store';
import { rateLimited } from '../domain/errors';
import { clientAddress, rateLimitsOf } from './rate-limit';

const WINDOW_MS = 15 * 60_000;
/** Failures of one account from one address before that pair is locked. */
export const PAIR_LIMIT = 5;
/** Failures from one address (any accounts) before the address is locked. */
export const ADDRESS_LIMIT = 20;
/** Failures of one account (from anywhere) before each attempt is slowed down. */
export const ACCOUNT_SLOW_FROM = 10;
const DELAY_STEP_MS = 250;
const MAX_DELAY_MS = 3_000;

/** How long an attempt waits after this many failures of its account in the window. */
export const signInDelayMs = (accountFailures: number) =>
  accountFailures < ACCOUNT_SLOW_FROM
    ? 0
    : Math.min(MAX_DELAY_MS, DELAY_STEP_MS * (accountFailures - ACCOUNT_SLOW_FROM + 1));

export interface SignInAttempt {
  /** The password was right: the attempt was no failure, and the pair's failures are forgiven. */
  succeeded(): Promise<void>;
}

const NOTHING: SignInAttempt = { succeeded: async () => {} };

/**
 * Failed sign-ins, counted in the database per account and address pair, per address and per
 * account, separately for admins and contractors (docs/decisions/0036-sign-in-throttling.md). A
 * locked pair or address is refused even with the right password, so a guesser cannot tell when it
 * found it; an account is never locked, only slowed, so failures from elsewhere cannot lock its
 * owner out.
 *
 * Each attempt is counted as a failure before the password is checked and given back when it
 * succeeds or is refused, so a burst of parallel guesses cannot all pass the check at once.
 */
export class LoginThrottle {
  constructor(
    /** 'admin-code': the second step of an administrator's sign-in (docs/decisions/0109-admin-two-factor.md). */
    private readonly kind: 'admin' | 'admin-code' | 'contractor',
    private readonly enabled: boolean,
  ) {}

  /** Throws 429 when the pair or address is locked; waits while the account is failing often. */
  async attempt(req: Request, account: string): Promise<SignInAttempt> {
    if (!this.enabled) return NOTHING;
    const limits = rateLimitsOf(req);
    const address = clientAddress(req);
    const hashed = accountKey(account);
    const pair = `signin:${this.kind}:pair:${hashed}:${address}`;
    const byAddress = `signin:${this.kind}:address:${address}`;
    const byAccount = `signin:${this.kind}:account:${hashed}`;
    const counts = await limits.hit([pair, byAddress, byAccount], WINDOW_MS);
    const [p, a, acc] = [counts.get(pair)!, counts.get(byAddress)!, counts.get(byAccount)!];

    const locked = [p.points > PAIR_LIMIT ? p.msLeft : 0, a.points > ADDRESS_LIMIT ? a.msLeft : 0];
    const wait = Math.max(...locked);
    if (wait > 0) {
      await limits.undo([pair, byAddress, byAccount]);
      const minutes = Math.max(1, Math.ceil(wait / 60_000));
      throw rateLimited(
        `Too many failed sign-in attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
        wait / 1000,
      );
    }
    // The count includes this attempt; the ones before it are what slow it down.
    const delay = signInDelayMs(acc.points - 1);
    if (delay > 0) await sleep(delay);
    return { succeeded: () => limits.undo([byAddress, byAccount], [pair]) };
  }
}
