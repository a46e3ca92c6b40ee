import type { Clock } from './clock';
import type { Database, Executor } from './db/client';
import type { Directory } from './directory';
import type { Env } from './env';
import type { Mailer } from './integrations/email';
import type { PaymentProvider } from './integrations/payments';
import type { TextSender } from './integrations/texts';
import type { JobQueue } from './jobs/queue';
import type { Logger } from './logger';
import type { Memo } from './memo';

/**
 * What routes, jobs and services are given: the database, the integrations and the settings. Every
 * exported service function takes it (or a Pick of what it uses) first, and reads the time from
 * its clock (docs/decisions/0092-services-take-ctx.md).
 */
export interface AppContext {
  env: Env;
  database: Database;
  /** The database, or inside a service's transaction the transaction itself (withDb, inTransaction). */
  db: Executor;
  log: Logger;
  /** The read side: the directory's version and snapshot, public reads kept for outages (docs/decisions/0065-directory-read-model.md). */
  directory: Directory;
  /** Values services derive from rows (rendered blog bodies, the lead price table), kept while what they came from is unchanged. */
  memo: Memo;
  mail: Mailer;
  /** Text messages: Twilio, or kept in the outbox without its settings (docs/decisions/0118-text-messages.md). */
  texts: TextSender;
  /** Background work on pg-boss (docs/decisions/0086-job-queue.md): queued email, recurring jobs. */
  jobs: JobQueue;
  /** Stripe, or the local demo provider without keys (docs/decisions/0007-payment-provider.md). */
  payments: PaymentProvider;
  /** Absolute address of the site, for canonical links and emails; known once the server listens. */
  siteUrl: string;
  /** The date and time for expiry dates and the directory's day (server/clock.ts); tests move it. */
  clock: Clock;
}

/** A service that only reads or writes rows. */
export type DbCtx = Pick<AppContext, 'db'>;

/** The common shape: rows and the time. */
export type ServiceCtx = Pick<AppContext, 'db' | 'clock'>;

/** The same context with `db` the given transaction: what a service hands on inside its transaction. */
export function withDb<C extends DbCtx>(ctx: C, db: Executor): C {
  return { ...ctx, db };
}

/** Runs `work` in a transaction on ctx.db, given the same context with the transaction as its db. */
export function inTransaction<C extends DbCtx, T>(ctx: C, work: (txCtx: C) => Promise<T>): Promise<T> {
  return ctx.db.transaction((tx) => work(withDb(ctx, tx)));
}
