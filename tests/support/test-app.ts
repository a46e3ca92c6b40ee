import type { AddressInfo } from 'node:net';
import { inject } from 'vitest';
import { createApp } from '../../server/app';
import { createHttpServer } from '../../server/http/http-server';
import type { AppContext } from '../../server/context';
import { parseEnv, type Env } from '../../server/env';
import { createLogger } from '../../server/logger';
import { buildContext } from '../../server/main';
import { ensureFirstAdmin } from '../../server/accounts/admin-users';
import { TestClient } from './http-client';
import { createTestDatabase, type TestDatabase } from './test-db';

export interface TestApp {
  url: string;
  ctx: AppContext;
  testDb: TestDatabase;
  client(): TestClient;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /**
   * 'inline' (the default): the job queue is started without workers, so queued jobs run only when
   * the test calls `app.ctx.jobs.runPending()`, deterministically. 'workers': it polls as in
   * production; wait for a job's effect with `waitUntil` (tests/support/wait.ts).
   */
  jobs?: 'inline' | 'workers';
}

/** The API on a free port over this test file's own database. */
export async function startTestApp(
  envOverrides: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const testDb = await createTestDatabase({ pgTemplate: inject('pgTemplate'), pgliteDump: inject('pgliteDump') });
  const env: Env = parseEnv({
    NODE_ENV: 'test',
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0000',
    ...envOverrides,
  });
  const ctx = buildContext(env, testDb.database, createLogger({ silent: true }));
  // startServer does this at start-up; the tests build the app without it.
  if (env.ADMIN_USERNAME) await ensureFirstAdmin(ctx);
  await ctx.jobs.start({ workers: options.jobs === 'workers' });
  const app = createApp({ ctx, sessionSecret: env.SESSION_SECRET! });
  const server = createHttpServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  ctx.siteUrl = url;
  return {
    url,
    ctx,
    testDb,
    client: () => new TestClient(url),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await ctx.jobs.stop();
      await testDb.drop();
    },
  };
}
