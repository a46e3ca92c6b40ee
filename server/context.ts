import type { Clock } from './clock';
import type { Database, Db } from './db/client';
import type { Directory } from './directory';
import type { Env } from './env';
import type { Mailer } from './integrations/email';
import type { PaymentProvider } from './integrations/payments';
import type { JobQueue } from './jobs/queue';
import type { Logger } from './logger';
import type { Memo } from './memo';

/** What routes and services are given: the database, the integrations and the settings. */
export interface AppContext {
  env: Env;
  database: Database;
  db: Db;
  log: Logger;
  /** The read side: the directory's version and snapshot, public reads kept for outages (docs/decisions/0065-directory-read-model.md). */
  directory: Directory;
  /** Values services derive from rows (rendered blog bodies, the lead price table), kept while what they came from is unchanged. */
  memo: Memo;
  mail: Mailer;
  /** Background work on pg-boss (docs/decisions/0086-job-queue.md): queued email, recurring jobs. */
  jobs: JobQueue;
  /** Stripe, or the local demo provider without keys (docs/decisions/0007-payment-provider.md). */
  payments: PaymentProvider;
  /** Absolute address of the site, for canonical links and emails; known once the server listens. */
  siteUrl: string;
  /** The date and time for expiry dates and the directory's day (server/clock.ts); tests move it. */
  clock: Clock;
}
