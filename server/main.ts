import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app';
import { handlersSettled } from './http/async-handler';
import { closeConnectionsWhenDraining } from './http/drain';
import type { AppContext } from './context';
import { openDatabase, type Database } from './db/client';
import { seedDatabase } from './db/seed';
import { ConfigError, parseEnv, publicUrl, type Env } from './env';
import { createMailer } from './integrations/email';
import { createPaymentProvider } from './integrations/payments';
import { createLogger, type Logger } from './logger';
import type { PageRenderer } from './render/renderer';
import { ensureFirstAdmin } from './services/admin-users';
import { followDirectoryChanges } from './services/directory-cache';
import { resolveSessionSecret } from './session-secret';

export function buildContext(env: Env, database: Database, log: Logger): AppContext {
  const ctx: AppContext = {
    env,
    database,
    db: database.db,
    log,
    mail: createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, db: database.db, log }),
    payments: createPaymentProvider(env, database.db, { siteUrl: () => ctx.siteUrl }),
    siteUrl: env.PUBLIC_URL ?? '',
  };
  if (database.listen) void followDirectoryChanges(database.db, database.listen).catch((err: unknown) => log.warn('directory change notifications are off', { err }));
  return ctx;
}

export interface RunningServer {
  port: number;
  ctx: AppContext;
  close(): Promise<void>;
}

const SHUTDOWN_GRACE_MS = 8_000;

/** Opens the database, migrates and seeds it, and serves the app until SIGTERM or SIGINT. */
export async function startServer(createRenderer: (server: http.Server) => Promise<PageRenderer>): Promise<RunningServer> {
  let env: Env;
  try {
    env = parseEnv();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const log = createLogger({ silent: env.NODE_ENV === 'test' && !env.LOG_REQUESTS });
  const database = await openDatabase({
    url: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    poolSize: env.DATABASE_POOL_SIZE,
    onPoolError: (e) => log.warn('database connection lost', { error: e.message }),
  });
  await database.migrate();
  const seeded = await seedDatabase(database.db);
  if (seeded.content) log.info('seeded the empty database with sample contractors, blog posts and the default pricing rule');

  const ctx = buildContext(env, database, log);
  try {
    const { generatedPassword } = await ensureFirstAdmin(ctx);
    if (generatedPassword) console.log(`Admin sign-in: admin / ${generatedPassword} (printed once; set ADMIN_USERNAME and ADMIN_PASSWORD to choose your own)`);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      await database.close();
      process.exit(1);
    }
    throw err;
  }
  const server = http.createServer();
  const renderer = await createRenderer(server);
  const app = createApp({ ctx, sessionSecret: resolveSessionSecret(env.SESSION_SECRET, env.DATA_DIR), renderer });
  server.on('request', app);
  server.keepAliveTimeout = 5_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(env.PORT, env.HOST, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  ctx.siteUrl = publicUrl(env, port);
  log.info(`listening on http://localhost:${port} (${renderer.mode === 'vite' ? 'development with Vite' : 'built app'}, ${database.describe})`);

  let closing: Promise<void> | null = null;
  const drain = closeConnectionsWhenDraining(server);
  const close = () =>
    (closing ??= (async () => {
      // Stop accepting, let in-flight requests finish, then drop what is left.
      const deadline = Date.now() + SHUTDOWN_GRACE_MS;
      drain();
      const done = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const timer = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
      await done;
      clearTimeout(timer);
      // Connections can be gone while their handlers still write (the client hung up).
      await handlersSettled(Math.max(0, deadline - Date.now()));
      await renderer.close();
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
  return { port, ctx, close };
}
