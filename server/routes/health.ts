import { Router } from 'express';
import type { AppContext } from '../context';
import { forAnyone } from '../http/auth';
import { asyncHandler } from '../http/async-handler';

/** One readiness check. */
interface ReadyCheck {
  /** Resolves when ready; throws when not, with the detail for the log. */
  run: () => Promise<void>;
  /** What the answer says when it fails (the probe is public: no hosts or driver messages). */
  failure: (err: unknown) => string;
}

const CHECK_TIMEOUT_MS = 3_000;

/**
 * What /api/health/ready checks, by name (docs/decisions/0079-health-and-start-up-failures.md). A
 * new dependency (the job queue) is one more entry here.
 */
export function readinessChecks(ctx: AppContext): Record<string, ReadyCheck> {
  return {
    database: { run: () => ctx.database.ping(), failure: () => 'not reachable' },
    migrations: {
      run: async () => {
        const pending = await ctx.database.pendingMigrations();
        if (pending.length) throw new Error(`not applied: ${pending.join(', ')}`);
      },
      failure: (err) =>
        err instanceof Error && err.message.startsWith('not applied') ? err.message : 'could not be read',
    },
    // Queued email and the recurring jobs (docs/decisions/0086-job-queue.md).
    queue: {
      run: async () => {
        if (!ctx.jobs.running) throw new Error('not running');
      },
      failure: () => 'not running',
    },
  };
}

function withTimeout(run: () => Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>(
    (_, reject) =>
      (timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS)),
  );
  return Promise.race([run(), timeout]).finally(() => clearTimeout(timer));
}

export function healthRoutes(ctx: AppContext): Router {
  const router = Router();
  const checks = readinessChecks(ctx);
  // Failures are logged when a check turns bad, not at every probe.
  const failing = new Set<string>();

  router.get('/health/live', forAnyone, (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });

  router.get(
    '/health/ready',
    forAnyone,
    asyncHandler(async (_req, res) => {
      const results = await Promise.all(
        Object.entries(checks).map(async ([name, check]) => {
          try {
            await withTimeout(check.run);
            if (failing.delete(name)) ctx.log.info(`ready check ${name} passes again`);
            return [name, 'ok'] as const;
          } catch (err) {
            if (!failing.has(name)) ctx.log.warn(`ready check ${name} failed`, { err });
            failing.add(name);
            return [name, check.failure(err)] as const;
          }
        }),
      );
      const failed = results.filter(([, result]) => result !== 'ok');
      res.set('Cache-Control', 'no-store');
      if (!failed.length) {
        res.json({ status: 'ok', checks: Object.fromEntries(results) });
        return;
      }
      res.status(503).json({
        status: 'unavailable',
        message: `Not ready: ${failed.map(([n, r]) => `${n} ${r}`).join('; ')}`,
        checks: Object.fromEntries(results),
      });
    }),
  );

  router.get(
    '/health',
    forAnyone,
    asyncHandler(async (_req, res) => {
      try {
        await ctx.database.ping();
        res.json({ status: 'ok', database: ctx.database.driver });
      } catch {
        res.status(503).json({ message: 'The database is not reachable', status: 'unavailable' });
      }
    }),
  );
  return router;
}
