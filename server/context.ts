import type { Database, Db } from './db/client';
import type { Env } from './env';
import type { Mailer } from './integrations/email';
import type { PaymentProvider } from './integrations/payments';
import type { Logger } from './logger';

/** What routes and services are given: the database, the integrations and the settings. */
export interface AppContext {
  env: Env;
  database: Database;
  db: Db;
  log: Logger;
  mail: Mailer;
  /** Stripe, or the local demo provider without keys (docs/decisions.md §1.6). */
  payments: PaymentProvider;
  /** Absolute address of the site, for canonical links and emails; known once the server listens. */
  siteUrl: string;
}
