import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { z } from 'zod';
import { createClock, today } from '../clock';
import type { AppContext } from '../context';
import { forAnyone } from '../http/auth';
import { asyncHandler } from '../http/async-handler';
import { conflict } from '../domain/errors';
import { parseInput } from '../http/validate';

/**
 * Moving the app's clock from a browser test (NODE_ENV=test only; server/routes/index.ts mounts
 * nothing of this otherwise): expiry by the clock (docs/decisions/0090-how-tests-run.md) is checked
 * in the browser without waiting for days to pass. The browser projects share one server, so one
 * test at a time holds the clock: a hold waits (its request stays open) until the previous one is
 * released, and a holder that never releases loses it after HOLD_MS. Releasing puts the real
 * clock back.
 */

const HOLD_MS = 120_000;
const DAY_NOON_UTC = 'T16:00:00Z';

const holdSchema = z.object({ token: z.string().min(1) });
const moveSchema = holdSchema.extend({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'day must be YYYY-MM-DD') });

class ClockHold {
  private holder: string | null = null;
  private timer: NodeJS.Timeout | undefined;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly ctx: AppContext) {}

  async acquire(): Promise<string> {
    while (this.holder) await new Promise<void>((resolve) => this.waiting.push(resolve));
    const token = randomUUID();
    this.holder = token;
    this.timer = setTimeout(() => this.release(token), HOLD_MS);
    this.timer.unref();
    return token;
  }

  isHeldBy(token: string): boolean {
    return this.holder === token;
  }

  release(token: string): boolean {
    if (this.holder !== token) return false;
    clearTimeout(this.timer);
    this.holder = null;
    this.ctx.clock.now = createClock().now;
    this.waiting.shift()?.();
    return true;
  }
}

export function testClockRoutes(ctx: AppContext): Router {
  const router = Router();
  const hold = new ClockHold(ctx);

  router.post(
    '/test/clock/hold',
    forAnyone,
    asyncHandler(async (req, res) => {
      const token = await hold.acquire();
      // A test that gave up waiting (its request closed) does not keep the clock from the next one.
      if (req.socket.destroyed) {
        hold.release(token);
        return;
      }
      res.json({ token, today: today(ctx.clock) });
    }),
  );
  router.put(
    '/test/clock',
    forAnyone,
    asyncHandler(async (req, res) => {
      const { token, day } = parseInput(moveSchema, req.body);
      if (!hold.isHeldBy(token)) throw conflict('Hold the clock first');
      // The clock runs on from noon of that day in the county, as the real one would: the test
      // clock itself is made from the wall clock.
      const real = createClock();
      const movedAt = real.now().getTime();
      const start = Date.parse(`${day}${DAY_NOON_UTC}`);
      ctx.clock.now = () => new Date(start + (real.now().getTime() - movedAt));
      res.json({ today: today(ctx.clock) });
    }),
  );
  router.post(
    '/test/clock/release',
    forAnyone,
    asyncHandler(async (req, res) => {
      const { token } = parseInput(holdSchema, req.body);
      if (!hold.release(token)) throw conflict('This hold was already released');
      res.json({ today: today(ctx.clock) });
    }),
  );
  return router;
}
