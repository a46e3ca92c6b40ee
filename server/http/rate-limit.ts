import { createHash } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import type { RateLimits } from './rate-limit-store';
import { rateLimited } from '../domain/errors';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      /** The database-backed counters every limit in this app uses (created with the app). */
      rateLimits?: RateLimits;
    }
  }
}

export const clientAddress = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown';

/** The app's counters; createApp puts them in app.locals. */
export function rateLimitsOf(req: Request): RateLimits {
  const limits = req.app.locals.rateLimits;
  if (!limits) throw new Error('No rate limit store: the app must be built by createApp');
  return limits;
}

export interface RateLimitOptions {
  /** Names the counter in the database; without one it is derived from the limit itself. */
  name?: string;
  max: number;
  windowMs: number;
  message: string;
  enabled: boolean;
  /** Who is counted: the caller's address unless said (a signed-in account's id, say). */
  keyOf?: (req: Request) => string;
}

/**
 * Every request counts, per address (or per `keyOf`), in the database (docs/decisions/0074-rate-limits.md); over the
 * limit the answer is 429 with a clear message and Retry-After.
 */
export function rateLimit(opts: RateLimitOptions): RequestHandler {
  const name =
    opts.name ?? createHash('sha256').update(`${opts.max}/${opts.windowMs}/${opts.message}`).digest('hex').slice(0, 12);
  return async (req, _res, next) => {
    if (!opts.enabled) return next();
    try {
      const key = `limit:${name}:${(opts.keyOf ?? clientAddress)(req)}`;
      const window = (await rateLimitsOf(req).hit([key], opts.windowMs)).get(key)!;
      if (window.points > opts.max) return next(rateLimited(opts.message, window.msLeft / 1000));
      next();
    } catch (err) {
      next(err);
    }
  };
}
