import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp, type AppCaches } from './app';
import { createClock, todayOf } from './clock';
import { AnswerCache } from './http/answer-cache';
import { handlersSettled } from './http/async-handler';
import { closeConnectionsWhenDraining } from './http/drain';
import { createHttpServer } from './http/http-server';
import { createOperatorChannel } from './http/operator-channel';
import type { AppContext } from './context';
import { openDatabase, type Database } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
import { createDirectory } from './directory';
import { seedDatabase } from './db/seed';
import { ConfigError, loadDotEnv, parseEnv, publicUrl, seedsSampleData, startupWarnings, type Env } from './env';
import { createMailer } from './integrations/email';
import { createPaymentProvider } from './integrations/payments';
import { createTextSender } from './integrations/texts';
import { createJobQueue, registerJobs } from './jobs';
import { createLogger, type Logger } from './logger';
import { Memo } from './memo';
import { attachMemoryProbe, memoryProbeWanted, startupMarks } from './memory-probe';
import { PageCache } from './render/page-cache';
import type { PageRenderer } from './render/renderer';
import { ensureFirstAdmin } from './accounts/admin-users';
import { resolveSessionSecret } from './session-secret';
import { describeStartupFailure } from './startup-failure';

export function buildContext(env: Env, database: Database, log: Logger): AppContext {
  const clock = createClock();
  const ctx: AppContext = {
    env,
    database,
    db: database.db,
    log,
    directory: createDirectory(database, {
      cache: env.DIRECTORY_CACHE !== false,
      staleIfErrorMs: env.STALE_IF_ERROR,
      memoryBudgetBytes: env.DIRECTORY_MEMORY_MB * 1024 * 1024,
      log,
      today: todayOf(clock),
      siteUrl: () => ctx.siteUrl,
    }),
    memo: new Memo(),
    mail: createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM }),
    texts: createTextSender({
      accountSid: env.TWILIO_ACCOUNT_SID,
      authToken: env.TWILIO_AUTH_TOKEN,
      from: env.TWILIO_FROM,
      apiUrl: env.TWILIO_API_URL,
    }),
    jobs: createJobQueue({ database, log }),
    payments: createPaymentProvider(env, database.db),
    siteUrl: env.PUBLIC_URL ?? '',
    clock,
  };
  registerJobs(ctx);
  return ctx;
}

export interface RunningServer {
  port: number;
  ctx: AppContext;
  close(): Promise<void>;
}

const SHUTDOWN_GRACE_MS = 8_000;

/** Opens the database, migrates and seeds it, and serves the app until SIGTERM or SIGINT. */
export async function startServer(
  createRenderer: (server: http.Server) => Promise<PageRenderer>,
): Promise<RunningServer> {
  // Where the start-up's time and memory go, for bench:memory only (server/memory-probe.ts).
  const marks = startupMarks();
  marks.mark('modules loaded');
  let env: Env;
  try {
    loadDotEnv();
    env = parseEnv();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // Readable lines in development (when pino-pretty is installed), JSON lines otherwise.
  const log = createLogger({
    silent: env.NODE_ENV === 'test' && !env.LOG_REQUESTS,
    pretty: env.NODE_ENV === 'development',
  });
  // A failure the operator can fix (database unreachable, missing, refusing the user; port taken) is one line, no stack.
  const failed = (err: unknown): never => {
    const line = describeStartupFailure(err, env);
    if (!line) throw err;
    log.error(line);
    process.exit(1);
  };
  for (const warning of startupWarnings(env)) log.warn(`WARNING: ${warning}`);
  let database: Database;
  try {
    database = await openDatabase({
      url: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      poolSize: env.DATABASE_POOL_SIZE,
      onPoolError: (e) => log.warn('database connection lost', { error: e.message }),
    });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    return failed(err);
  }
  marks.mark('database opened');
  if (database.createdFromImage) log.info("created the embedded database from the build's image");
  const sampleData = seedsSampleData(env);
  // Processes starting together on one PostgreSQL server migrate and seed one at a time (docs/decisions/0077-several-app-processes.md).
  const seeded = await database
    .withStartupLock(
      async () => {
        const pending = await database.pendingMigrations();
        await database.migrate();
        log.info(
          pending.length
            ? `migrated the database: applied ${pending.length} migrations (${pending.join(', ')})`
            : 'the database schema is up to date',
        );
        return seedDatabase(database.db, { sampleData });
      },
      () => log.info('another app process holds the start-up lock on this database (migrating); waiting for it'),
    )
    .catch(failed);
  if (seeded.content) {
    log.info(
      sampleData
        ? 'seeded the empty database with sample contractors, blog posts and the default pricing rule'
        : 'set up the empty database: towns, services and the default pricing rule (no sample data)',
    );
  }

  marks.mark('migrated and set up');
  const ctx = buildContext(env, database, log);
  try {
    const { generatedPassword } = await ensureFirstAdmin(ctx);
    if (generatedPassword)
      console.log(
        `Admin sign-in: admin / ${generatedPassword} (printed once; set ADMIN_USERNAME and ADMIN_PASSWORD to choose your own)`,
      );
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      await database.close();
      process.exit(1);
    }
    throw err;
  }
  // After the migrations: queued email and recurring jobs run from here on (docs/decisions/0086-job-queue.md).
  marks.mark('first administrator checked');
  await ctx.jobs.start().catch(failed);
  marks.mark('jobs started');
  const server = createHttpServer();
  const renderer = await createRenderer(server);
  marks.mark('renderer loaded');
  const caches: AppCaches = { answers: new AnswerCache(), pages: new PageCache() };
  // The embedded database is this process's alone: command-line tools come in through it (docs/decisions/0134-operator-channel.md).
  const operator = database.driver === 'pglite' ? createOperatorChannel(env.DATA_DIR) : null;
  const app = createApp({
    ctx,
    sessionSecret: resolveSessionSecret(env.SESSION_SECRET, env.DATA_DIR),
    renderer,
    caches,
    operatorToken: operator?.token,
  });
  server.on('request', app);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(env.PORT, env.HOST, () => resolve());
  }).catch(failed);
  const port = (server.address() as AddressInfo).port;
  ctx.siteUrl = publicUrl(env, port);
  operator?.publish(port, env.HOST);
  marks.mark('listening');
  if (memoryProbeWanted()) attachMemoryProbe({ ctx, caches, marks: marks.list });

  let closing: Promise<void> | null = null;
  const drain = closeConnectionsWhenDraining(server);
  const close = () =>
    (closing ??= (async () => {
      // Stop accepting, let in-flight requests finish, then drop what is left.
      const deadline = Date.now() + SHUTDOWN_GRACE_MS;
      operator?.close();
      drain();
      const done = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const timer = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
      await done;
      clearTimeout(timer);
      // Connections can be gone while their handlers still write (the client hung up).
      await handlersSettled(Math.max(0, deadline - Date.now()));
      await renderer.close();
      // Running jobs get what is left of the grace; one cut off is retried by the next process.
      await ctx.jobs.stop({ timeoutMs: Math.max(1_000, deadline - Date.now()) });
      await database.close();
    })());

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      log.info(`${signal} received, shutting down`);
      close().then(
        () => process.exit(0),
        (err) => {
          log.error('shutdown failed', { error: String(err) });
          process.exit(1);
        },
      );
    });
  }
  // Announced only once a signal would shut it down cleanly: whoever waits for this line may stop it at once.
  log.info(
    `listening on http://localhost:${port} (${renderer.mode === 'vite' ? 'development with Vite' : 'built app'}, ${database.describe})`,
  );
  return { port, ctx, close };
}
