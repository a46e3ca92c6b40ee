import type { Request } from 'express';
import { accountKey } from './rate-limit-store';
import { rateLimited } from '../domain/errors';
import { clientAddress, rateLimitsOf } from './rate-limit';

const WINDOW_MS = 60 * 60_000;
/** Reset emails asked for one address (known or not) in an hour. */
export const RESET_ACCOUNT_LIMIT = 3;
/** Reset requests from one network address in an hour, whatever the addresses. */
export const RESET_ADDRESS_LIMIT = 10;
export const RESET_LIMIT_MESSAGE = 'Too many password reset requests. Please try again later.';

/**
 * 'Forgot your password?' is limited per network address and per email address typed
 * (docs/decisions/0108-contractor-password-reset.md), counted before anything is looked up, so an
 * unknown address reaches its limit as a known one does and the 429 tells nothing about accounts.
 * Both the API and the page's form without JavaScript count here.
 */
export function resetRequestLimit(enabled: boolean): (req: Request, email: string) => Promise<void> {
  return async (req, email) => {
    if (!enabled) return;
    const byAddress = `reset:contractor:address:${clientAddress(req)}`;
    const byAccount = `reset:contractor:account:${accountKey(email)}`;
    const counts = await rateLimitsOf(req).hit([byAddress, byAccount], WINDOW_MS);
    const [a, acc] = [counts.get(byAddress)!, counts.get(byAccount)!];
    const over = [a.points > RESET_ADDRESS_LIMIT ? a.msLeft : 0, acc.points > RESET_ACCOUNT_LIMIT ? acc.msLeft : 0];
    const wait = Math.max(...over);
    if (wait > 0) throw rateLimited(RESET_LIMIT_MESSAGE, wait / 1000);
  };
}
