import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { acquireDataDirLock } from './data-dir-lock';
import { builtDataImage, restoreDataImage } from './data-image';
import { pendingMigrations } from './migration-status';
import * as schema from './schema';

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; services accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  driver: 'pg' | 'pglite';
  /** Where the data lives, for the start-up log (no credentials). */
  describe: string;
  /** The embedded database was made on this start from the build's image (server/db/data-image.ts). */
  createdFromImage?: boolean;
  migrate(): Promise<void>;
  /** Tags of the migrations in the folder that the database has not applied (none when up to date). */
  pendingMigrations(): Promise<string[]>;
  /**
   * Runs fn while this process holds the database-wide start-up lock, so app processes starting
   * together on one server migrate and seed one at a time (the embedded database has one process).
   * onWait is called once if another process holds it.
   */
  withStartupLock<T>(fn: () => Promise<T>, onWait?: () => void): Promise<T>;
  /**
   * Only on the embedded database, whose one client is this process: calls onNotify for each
   * NOTIFY on the channel, before the statement (or commit) that sent it resolves.
   */
  listen?(channel: string, onNotify: (payload: string) => void): Promise<void>;
  /** A prepared statement (or anything built once per database), built on first use and kept with the database. */
  prepared<T>(name: string, build: (db: Db) => T): T;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL of a server; without it an embedded PGlite database is used. */
  url?: string;
  /** Folder for the embedded database, or 'memory://'. */
  dataDir?: string;
  /** A migrated PGlite data dir to start from (tests). */
  loadDataDir?: Blob;
  poolSize?: number;
  onPoolError?: (err: Error) => void;
}

const here = path.dirname(fileURLToPath(import.meta.url));

/** The migrations folder, found from the source tree or from the built server in dist/server. */
export function migrationsFolder(): string {
  const candidates = [
    path.resolve(here, '../../migrations'),
    path.resolve(here, '../migrations'),
    path.resolve(process.cwd(), 'migrations'),
  ];
  const found = candidates.find((c) => existsSync(path.join(c, 'meta', '_journal.json')));
  if (!found) throw new Error(`No migrations folder found (looked in ${candidates.join(', ')})`);
  return found;
}

/** Database.prepared: building a statement costs more CPU than running it, so each is built once. */
function preparedOn(db: Db): Database['prepared'] {
  const built = new Map<string, unknown>();
  return <T>(name: string, build: (db: Db) => T): T => {
    if (!built.has(name)) built.set(name, build(db));
    return built.get(name) as T;
  };
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url, options);
  return openPglite(options);
}

/** Each driver's Drizzle side is loaded when a database of its kind is opened (docs/decisions/0123-embedded-memory.md). */
async function openPostgres(url: string, options: DatabaseOptions): Promise<Database> {
  const [{ drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    // A query that hangs (server gone mid-flight) must fail, not hold a request forever.
    query_timeout: 15_000,
  });
  // Idle clients lose their connection when the server restarts; the pool replaces them.
  pool.on('error', (err) => options.onPoolError?.(err));
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
  const parsed = new URL(url);
  return {
    db,
    driver: 'pg',
    describe: `PostgreSQL ${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`,
    migrate: () =>
      migrateOnOwnConnection(url, (client) =>
        migratePg(drizzlePg({ client, casing: 'snake_case' }), { migrationsFolder: migrationsFolder() }),
      ),
    pendingMigrations: () => pendingMigrations(db, migrationsFolder()),
    withStartupLock: (fn, onWait) => withAdvisoryLock(url, fn, onWait),
    prepared: preparedOn(db),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}

/**
 * Migrations run on a connection of their own, without the pool's 15 s query timeout: building an
 * index on a large table may take minutes, and a migration cut short would stop every start.
 */
async function migrateOnOwnConnection(url: string, migrate: (client: pg.Client) => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  client.on('error', () => {});
  await client.connect();
  try {
    await migrate(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Any fixed number: the key every process of this app takes its start-up advisory lock on. */
const STARTUP_LOCK_KEY = 7_301_911_442;
const LOCK_WAIT_LIMIT_MS = 10 * 60_000;

/**
 * A session-level advisory lock on a connection of its own (not from the pool: with a pool of one
 * the migrations could not get a connection). Polled rather than awaited, so the pool's query
 * timeout does not apply and a process left waiting can say so; a holder that dies loses the lock
 * with its connection.
 */
async function withAdvisoryLock<T>(url: string, fn: () => Promise<T>, onWait?: () => void): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  client.on('error', () => {});
  await client.connect();
  try {
    const until = Date.now() + LOCK_WAIT_LIMIT_MS;
    for (let told = false; ; told = true) {
      const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
        STARTUP_LOCK_KEY,
      ]);
      if (rows[0]?.locked) break;
      if (!told) onWait?.();
      if (Date.now() > until)
        throw new Error(
          `Another app process has held the start-up lock for ${LOCK_WAIT_LIMIT_MS / 60_000} minutes (migrating?); giving up`,
        );
      await new Promise((r) => setTimeout(r, 250));
    }
    try {
      return await fn();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => {});
    }
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * PostgreSQL's memory settings for the embedded database (docs/decisions/0073-embedded-database-memory.md). Its
 * memory is the WebAssembly instance's, which grows and never gives anything back, so every setting is a floor
 * under the process's memory from the moment it is used once. PostgreSQL's defaults assume a server: 128 MB of
 * shared buffers (one process here, and the operating system caches the files anyway) and 64 MB for each index
 * build or vacuum. With these a later start holds about 280 MB instead of 420 MB.
 */
export const PGLITE_MEMORY_SETTINGS = [
  'shared_buffers=16MB',
  'maintenance_work_mem=16MB',
  'work_mem=4MB',
  'temp_buffers=2MB',
];

/**
 * PostgreSQL's WebAssembly is compiled by V8's baseline compiler only (docs/decisions/0123-embedded-memory.md).
 * By default V8 compiles it quickly, then again with its optimising compiler, function by function as
 * each gets hot, on background threads whose scratch memory stays with the process (glibc keeps each
 * thread's arena): about 50 MB more and a second of CPU in the first minute, for queries that here
 * ran no faster. Read by V8 when a module is compiled, so it is set before PGlite compiles its own;
 * it holds for the process's later WebAssembly too (HEIC decoding, about a third slower after its first photo).
 */
export const PGLITE_V8_FLAGS = '--liftoff-only';

async function openPglite(options: DatabaseOptions): Promise<Database> {
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const startParams = [...PGlite.defaultStartParams, ...PGLITE_MEMORY_SETTINGS.flatMap((s) => ['-c', s])];
  v8.setFlagsFromString(PGLITE_V8_FLAGS);
  const dataDir = options.dataDir ?? '.data';
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) {
    // The database and the session secret beside it are for the app's user only.
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    chmodSync(dataDir, 0o700);
  }
  // One process per folder: a second one would silently lose the first one's writes.
  const lock = inMemory ? null : acquireDataDirLock(dataDir);
  let client: PGlite;
  let fromImage = false;
  try {
    // A folder without a database starts from the build's image rather than initdb (docs/decisions/0073-embedded-database-memory.md).
    const image = inMemory || options.loadDataDir ? null : builtDataImage();
    if (image) fromImage = restoreDataImage(path.resolve(dataDir), image);
    client = await PGlite.create(inMemory ? undefined : path.resolve(dataDir), {
      startParams,
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
  } catch (err) {
    lock?.release();
    throw err;
  }
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    describe: inMemory ? 'embedded PostgreSQL (in memory)' : `embedded PostgreSQL in ${path.resolve(dataDir)}`,
    createdFromImage: fromImage,
    migrate: () => migratePglite(db as never, { migrationsFolder: migrationsFolder() }),
    pendingMigrations: () => pendingMigrations(db, migrationsFolder()),
    withStartupLock: (fn) => fn(),
    prepared: preparedOn(db),
    listen: async (channel, onNotify) => {
      await client.listen(channel, onNotify);
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}
