import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../../server/db/client';
import { seedDatabase } from '../../server/db/seed';

export interface BenchDatabase {
  kind: 'pglite' | 'pg';
  /** Env for the app process. */
  env: Record<string, string>;
  open(): Promise<Database>;
  drop(): Promise<void>;
}

/** A fresh database, migrated and seeded: embedded in a temp folder, or a new one on a server. */
export async function freshDatabase(serverUrl?: string): Promise<BenchDatabase> {
  if (serverUrl) {
    const name = `bench_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(serverUrl);
    u.pathname = `/${name}`;
    const url = u.toString();
    const db = await openDatabase({ url });
    await db.migrate();
    await seedDatabase(db.db);
    await db.close();
    return {
      kind: 'pg',
      env: { DATABASE_URL: url },
      open: () => openDatabase({ url }),
      drop: async () => {
        const c = new pg.Client({ connectionString: serverUrl });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-data-'));
  const db = await openDatabase({ dataDir: dir });
  await db.migrate();
  await seedDatabase(db.db);
  await db.close();
  return {
    kind: 'pglite',
    env: { DATA_DIR: dir },
    open: () => openDatabase({ dataDir: dir }),
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

export interface BenchServer {
  url: string;
  child: ChildProcess;
  /** Resident memory of the app process in MB. */
  rssMb(): number;
  stop(): Promise<number | null>;
}

/** Resident memory of a process in MB. */
export function rssMbOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** The built app's entry (DIST_DIR, else dist/). */
export const builtServerEntry = () => path.resolve(process.env.DIST_DIR ?? 'dist', 'server/index.js');

/** The environment the benches run the app in: production, as deployed, with the demo payment provider and no rate limits. */
export function benchAppEnv(port: number): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-00',
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: 'bench-admin-password',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_REQUESTS: 'false',
    RATE_LIMIT: 'false',
    PAYMENTS: 'demo',
  };
}

export interface BenchServerOptions {
  /**
   * Flags for the app's node process, e.g. ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] (the profile
   * is written when the app exits on stop()). Default: BENCH_NODE_ARGS, split on spaces.
   */
  nodeArgs?: string[];
  /** An IPC channel to the app (child.send, child.on('message')), as bench:memory's probe needs (server/memory-probe.ts). */
  ipc?: boolean;
}

/** Runs the built app (dist/) as its own process, so the load generator does not share its event loop. */
export async function startBenchServer(
  env: Record<string, string>,
  port: number,
  opts: BenchServerOptions = {},
): Promise<BenchServer> {
  const logFile = process.env.BENCH_SERVER_LOG;
  const nodeArgs = opts.nodeArgs ?? (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, builtServerEntry()], {
    env: { ...benchAppEnv(port), LOG_REQUESTS: String(Boolean(logFile)), ...env },
    // BENCH_SERVER_LOG=file keeps the app's request log (method, path, status, time), to see which requests are slow.
    stdio: ['ignore', logFile ? openSync(logFile, 'a') : 'ignore', 'inherit', ...(opts.ipc ? (['ipc'] as const) : [])],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // Not up yet.
    }
    if (Date.now() > until || child.exitCode !== null) throw new Error('the app did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    child,
    rssMb: () => rssMbOf(child.pid!),
    stop: async () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}
