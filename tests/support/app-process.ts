import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { waitForOutput } from './process-output';

/** The built server the process tests start (`npm run build`; DIST_DIR for another build). */
export const SERVER_ENTRY = path.resolve(process.env.DIST_DIR ?? 'dist', 'server/index.js');

/** The PostgreSQL server of the process tests (TEST_DATABASE_URL, or the local one). */
export const PG_SERVER = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** An app process of the built server: its child, everything it wrote, its exit code once it exits. */
export interface AppProcess {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
  /** The port it reports once it listens (started with PORT=0 and its log on). */
  listening(timeoutMs?: number): Promise<number>;
}

/**
 * Starts the built server as its own process with exactly `env` (and PATH): nothing of the test
 * runner's environment leaks in. Defaults: test mode on 127.0.0.1, a free port, a fresh data
 * folder for the embedded database. Its stdout and stderr are recorded.
 */
export function spawnApp(
  env: Record<string, string>,
  { folderPrefix = 'app-' }: { folderPrefix?: string } = {},
): AppProcess {
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), folderPrefix)),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const listening = async (timeoutMs = 60_000) =>
    Number((await waitForOutput(child, () => output, /listening on http:\/\/localhost:(\d+)/, timeoutMs))[1]);
  return { child, output: () => output, exited, listening };
}

/** spawnApp, once it listens: with its address. */
export async function startApp(
  env: Record<string, string>,
  opts?: { folderPrefix?: string },
): Promise<AppProcess & { url: string }> {
  const app = spawnApp(env, opts);
  return { ...app, url: `http://127.0.0.1:${await app.listening()}` };
}

/** SIGTERM, and the exit code (null if it was already gone by a signal). */
export async function stopApp(app: Pick<AppProcess, 'child' | 'exited'>): Promise<number | null> {
  if (app.child.exitCode === null && app.child.signalCode === null) app.child.kill('SIGTERM');
  return app.exited;
}

/** Runs one statement on the PostgreSQL server's maintenance database (create or drop a test database). */
export async function pgAdmin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_SERVER });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The address of database `name` on the PostgreSQL server. */
export function pgDatabaseUrl(name: string): string {
  const u = new URL(PG_SERVER);
  u.pathname = `/${name}`;
  return u.toString();
}
