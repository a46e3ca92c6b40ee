import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
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
  migrate(): Promise<void>;
  /**
   * Only on the embedded database, whose one client is this process: calls onNotify for each
   * NOTIFY on the channel, before the statement (or commit) that sent it resolves.
   */
  listen?(channel: string, onNotify: () => void): Promise<void>;
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
  const candidates = [path.resolve(here, '../../migrations'), path.resolve(here, '../migrations'), path.resolve(process.cwd(), 'migrations')];
  const found = candidates.find((c) => existsSync(path.join(c, 'meta', '_journal.json')));
  if (!found) throw new Error(`No migrations folder found (looked in ${candidates.join(', ')})`);
  return found;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url, options);
  return openPglite(options);
}

function openPostgres(url: string, options: DatabaseOptions): Database {
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
    migrate: () => migratePg(db as never, { migrationsFolder: migrationsFolder() }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}

async function openPglite(options: DatabaseOptions): Promise<Database> {
  const dataDir = options.dataDir ?? '.data';
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(inMemory ? undefined : path.resolve(dataDir), options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    describe: inMemory ? 'embedded PostgreSQL (in memory)' : `embedded PostgreSQL in ${path.resolve(dataDir)}`,
    migrate: () => migratePglite(db as never, { migrationsFolder: migrationsFolder() }),
    listen: async (channel, onNotify) => {
      await client.listen(channel, onNotify);
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}
