import { tooManyRequests } from './errors';
import { Limiter } from './rate-limit';

const WINDOW_MS = 15 * 60_000;

/**
 * Failed sign-ins are counted per account (guessing one password) and per address (trying many
 * accounts) (docs/decisions.md §1.7). While either is over its limit every attempt is refused, even with
 * the right password, so a guesser cannot tell when it found it.
 */
export class LoginThrottle {
  private readonly perAccount = new Limiter(5, WINDOW_MS);
  private readonly perAddress = new Limiter(20, WINDOW_MS);

  constructor(private readonly enabled: boolean) {}

  /** Throws 429 when this account or address has failed too often. */
  check(account: string, address: string): void {
    if (!this.enabled) return;
    const wait = Math.max(this.perAccount.blockedFor(key(account)), this.perAddress.blockedFor(address));
    if (wait <= 0) return;
    const minutes = Math.max(1, Math.ceil(wait / 60));
    throw tooManyRequests(`Too many failed sign-in attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`, wait);
  }

  failed(account: string, address: string): void {
    if (!this.enabled) return;
    this.perAccount.hit(key(account));
    this.perAddress.hit(address);
  }

  succeeded(account: string): void {
    this.perAccount.reset(key(account));
  }
}

// 'Admin' and 'admin' share a counter, so changing case does not buy more guesses.
const key = (account: string) => account.trim().toLowerCase();
