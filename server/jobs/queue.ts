import { SITE_TIME_ZONE } from '@shared/site-calendar';
import { sql } from 'drizzle-orm';
import {
  fromDrizzle,
  fromPglite,
  PgBoss,
  type ConstructorOptions,
  type DrizzleSqlTagLike,
  type DrizzleTransactionLike,
  type JobWithMetadata,
  type PGliteLike,
  type Queue,
} from 'pg-boss';
import type pg from 'pg';
import type { Database, Executor } from '../db/client';
import type { Logger } from '../logger';

/**
 * Background work on pg-boss (docs/decisions/0086-job-queue.md), in the app's own database on
 * either driver: jobs are rows, so a job sent inside a transaction exists exactly when the change
 * that caused it commits, and a job a crashed process was running is retried once its heartbeat
 * stops.
 */

export interface JobRun {
  id: string;
  /** 0 on the first attempt. */
  retryCount: number;
  /** No attempt follows this one if it fails. */
  lastAttempt: boolean;
  /** Aborted when the queue gives up on this attempt (expired, or the process is stopping). */
  signal: AbortSignal;
}

export interface JobDefinition<T extends object> {
  name: string;
  /** pg-boss's queue options: retries and backoff, expiry, heartbeat, dead letter queue. */
  options?: Omit<Queue, 'name' | 'policy' | 'partition'>;
  /** Jobs of this queue one process runs at the same time. */
  concurrency?: number;
  /**
   * How often an idle worker looks for due jobs (seconds, default 10). NOTIFY wakes it for a new
   * job at once; a retry whose backoff ends wakes no one, so a queue that retries polls sooner.
   */
  pollingSeconds?: number;
  run(data: T, job: JobRun): Promise<void>;
}

export interface JobSchedule {
  name: string;
  cron: string;
  tz: string;
}

export interface JobQueue {
  /** Before start: a queue and what runs its jobs. A queue a dead letter names must be defined first. */
  define<T extends object>(definition: JobDefinition<T>): void;
  /** Before start: a recurring job for a defined queue. A defined queue without one loses any earlier schedule at start. */
  schedule(name: string, cron: string, tz?: string): void;
  /** Queues a job; given a transaction, the job commits or rolls back with it. `delaySeconds` makes it due that much later. */
  /** `priority`: higher first among the queue's waiting jobs (pg-boss's own order; 0 by default). */
  send(
    name: string,
    data: object,
    db?: Executor,
    options?: { delaySeconds?: number; priority?: number },
  ): Promise<void>;
  /**
   * Installs or upgrades pg-boss's tables (schema pgboss), creates the queues and schedules and,
   * with workers (the default), polls them. Without workers jobs run only through runPending().
   */
  start(options?: { workers?: boolean }): Promise<void>;
  /** Stops polling, waits up to timeoutMs for running jobs, closes the queue's connections. */
  stop(options?: { timeoutMs?: number }): Promise<void>;
  /** Started and not stopped (the readiness check). */
  readonly running: boolean;
  /**
   * Runs the jobs that are due now, one at a time, until none is left (or max ran), in this call:
   * deterministic, for tests and for queues started without workers. ignoreDelay also runs retries
   * whose backoff has not ended; only, the queues named (a test routes its leads and leaves the mail). Answers how many ran.
   */
  runPending(options?: { ignoreDelay?: boolean; max?: number; only?: string[] }): Promise<number>;
  schedules(): Promise<JobSchedule[]>;
}

export interface JobQueueSettings {
  database: Database;
  log: Logger;
}

const SCHEMA = 'pgboss';

/** pg-boss's connection: the embedded database's one client, or a small pool of its own on a server (LISTEN needs a session). */
function connectionOf(database: Database): ConstructorOptions {
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.driver === 'pglite') return { db: fromPglite(client as PGliteLike), backend: 'pglite' };
  return {
    connectionString: (client as pg.Pool).options.connectionString,
    max: 3,
    application_name: 'contractors-jobs',
    connectionTimeoutMillis: 5_000,
  };
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

export function createJobQueue({ database, log }: JobQueueSettings): JobQueue {
  const definitions = new Map<string, JobDefinition<any>>();
  const recurring = new Map<string, JobSchedule>();
  let boss: PgBoss | null = null;
  let running = false;

  const started = () => {
    if (!boss) throw new Error('The job queue is not started');
    return boss;
  };

  const runOf = (job: JobWithMetadata<object>, signal: AbortSignal | undefined): JobRun => ({
    id: job.id,
    retryCount: job.retryCount,
    lastAttempt: job.retryCount >= job.retryLimit,
    signal: signal ?? new AbortController().signal,
  });

  async function execute(definition: JobDefinition<any>, job: JobWithMetadata<object>, signal?: AbortSignal) {
    const run = runOf(job, signal);
    try {
      await definition.run(job.data, run);
    } catch (err) {
      log.warn('job failed', {
        queue: definition.name,
        id: job.id,
        attempt: run.retryCount + 1,
        willRetry: !run.lastAttempt,
        error: messageOf(err),
      });
      throw err;
    }
  }

  return {
    define(definition) {
      if (boss) throw new Error(`Queue ${definition.name} was defined after the job queue started`);
      definitions.set(definition.name, definition);
    },

    schedule(name, cron, tz = SITE_TIME_ZONE) {
      if (!definitions.has(name)) throw new Error(`No queue ${name} to schedule`);
      recurring.set(name, { name, cron, tz });
    },

    async send(name, data, db, { delaySeconds = 0, priority = 0 } = {}) {
      // drizzle's sql tag and transactions have what the adapter calls; their declared types are narrower.
      const options = {
        ...(db
          ? { db: fromDrizzle(db as unknown as DrizzleTransactionLike, sql as unknown as DrizzleSqlTagLike) }
          : {}),
        ...(priority ? { priority } : {}),
      };
      await started().send(
        name,
        data,
        delaySeconds > 0 ? { ...options, startAfter: Math.ceil(delaySeconds) } : options,
      );
    },

    async start({ workers = true } = {}) {
      if (boss) throw new Error('The job queue is already started');
      const instance = new PgBoss({
        ...connectionOf(database),
        schema: SCHEMA,
        // Without workers nothing runs by itself: no maintenance, no cron, no polling.
        supervise: workers,
        schedule: workers,
        registerInstance: workers,
        useListenNotify: workers,
        // Expired jobs and dead heartbeats (a crashed process) are found within about 10 s.
        superviseIntervalSeconds: 10,
        monitorIntervalSeconds: 10,
      });
      instance.on('error', (err) => log.error('job queue error', { error: messageOf(err) }));
      instance.on('warning', (w) => log.warn(`job queue: ${w.message}`));
      boss = instance;
      try {
        await instance.start();
        for (const d of definitions.values()) {
          const options = { ...d.options, notify: true };
          await instance.createQueue(d.name, options);
          // createQueue leaves an existing queue as it was; settings changed since then apply now.
          await instance.updateQueue(d.name, options);
        }
        for (const name of definitions.keys()) {
          const s = recurring.get(name);
          if (s) await instance.schedule(name, s.cron, null, { tz: s.tz, missed: 'once' });
          else await instance.unschedule(name);
        }
        if (workers) {
          for (const d of definitions.values()) {
            const polling = d.pollingSeconds ?? 10;
            const options = {
              includeMetadata: true,
              batchSize: 1,
              localConcurrency: d.concurrency ?? 1,
              pollingIntervalSeconds: polling,
              notifyPollingIntervalSeconds: polling,
            } as const;
            await instance.work<object, unknown, typeof options>(d.name, options, async ([job]) => {
              if (job) await execute(d, job, job.signal);
            });
          }
        }
      } catch (err) {
        boss = null;
        await instance.stop({ graceful: false, close: true }).catch(() => {});
        throw err;
      }
      running = true;
    },

    async stop({ timeoutMs = 10_000 } = {}) {
      running = false;
      const instance = boss;
      if (!instance) return;
      await instance.stop({ graceful: true, close: true, timeout: timeoutMs });
      boss = null;
    },

    get running() {
      return running;
    },

    async runPending({ ignoreDelay = false, max = 1_000, only } = {}) {
      const instance = started();
      let ran = 0;
      for (let found = true; found && ran < max;) {
        found = false;
        for (const d of definitions.values()) {
          if (ran >= max) break;
          if (only && !only.includes(d.name)) continue;
          const [job] = await instance.fetch<object>(d.name, { includeMetadata: true, ignoreStartAfter: ignoreDelay });
          if (!job) continue;
          found = true;
          ran++;
          try {
            await execute(d, job);
            await instance.complete(d.name, job.id);
          } catch (err) {
            await instance.fail(d.name, job.id, { message: messageOf(err) });
          }
        }
      }
      return ran;
    },

    async schedules() {
      const rows = await started().getSchedules();
      return rows.map((r) => ({ name: r.name, cron: r.cron, tz: r.timezone }));
    },
  };
}
