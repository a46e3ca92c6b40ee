import type { Request, RequestHandler } from 'express';
import { tooManyRequests } from './errors';

/**
 * Fixed-window counters in memory, per key (an address, a username). Kept per process: with
 * several app processes each enforces its own share, which still stops a flood.
 */
export class Limiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();
  private lastSweep = Date.now();

  constructor(
    readonly max: number,
    readonly windowMs: number,
  ) {}

  private entry(key: string, now: number) {
    this.sweep(now);
    const e = this.hits.get(key);
    if (e && e.resetAt > now) return e;
    const fresh = { count: 0, resetAt: now + this.windowMs };
    this.hits.set(key, fresh);
    return fresh;
  }

  /** Seconds until the key may try again, or 0 when it is not blocked. */
  blockedFor(key: string, now = Date.now()): number {
    const e = this.hits.get(key);
    return e && e.resetAt > now && e.count >= this.max ? (e.resetAt - now) / 1000 : 0;
  }

  hit(key: string, now = Date.now()): void {
    this.entry(key, now).count++;
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  /** Drops expired windows so memory stays bounded by the keys seen in one window. */
  private sweep(now: number) {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    for (const [k, e] of this.hits) if (e.resetAt <= now) this.hits.delete(k);
  }
}

export const clientAddress = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown';

/** Every request counts; over the limit the answer is 429 with a clear message. */
export function rateLimit(opts: { max: number; windowMs: number; message: string; enabled: boolean }): RequestHandler {
  const limiter = new Limiter(opts.max, opts.windowMs);
  return (req, _res, next) => {
    if (!opts.enabled) return next();
    const key = clientAddress(req);
    const wait = limiter.blockedFor(key);
    if (wait > 0) return next(tooManyRequests(opts.message, wait));
    limiter.hit(key);
    next();
  };
}
