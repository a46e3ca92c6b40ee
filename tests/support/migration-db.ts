import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsFolder, openDatabase, type Database } from '../../server/db/client';
import { adminQuery, testDatabaseUrl, withDatabase } from './test-db';

/**
 * A database built up to a given migration, for tests that fill it with rows of the old shape and
 * migrate the rest of the way: a new database on the server named by TEST_DATABASE_URL, or an
 * embedded one.
 */

/** A copy of the migrations folder that ends before the migration `tag`. */
export function migrationsBefore(tag: string): { folder: string; cleanup: () => void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'migrations-before-'));
  const folder = path.join(dir, 'migrations');
  cpSync(migrationsFolder(), folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  if (at < 1) throw new Error(`No migration ${tag} in the journal`);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return { folder, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface MigrationSubject {
  database: Database;
  /** Applies the migrations of a folder (one from migrationsBefore). */
  migrateTo(folder: string): Promise<void>;
  drop(): Promise<void>;
}

/** A fresh, empty database: a new one on the server named by TEST_DATABASE_URL, else an embedded one. */
export async function freshDatabase(): Promise<MigrationSubject> {
  const serverUrl = testDatabaseUrl();
  if (serverUrl) {
    // Named like the test databases, so a run that is killed leaves nothing behind (global-setup.ts).
    const name = `t_${process.pid}_${randomBytes(4).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${name}`);
    const url = withDatabase(serverUrl, name);
    const database = await openDatabase({ url, poolSize: 2 });
    return {
      database,
      migrateTo: async (folder) => {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        try {
          await migratePg(drizzlePg({ client, casing: 'snake_case' }), { migrationsFolder: folder });
        } finally {
          await client.end();
        }
      },
      drop: async () => {
        await database.close().catch(() => {});
        await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      },
    };
  }
  const database = await openDatabase({ dataDir: 'memory://' });
  return {
    database,
    migrateTo: (folder) => migratePglite(database.db as never, { migrationsFolder: folder }),
    drop: () => database.close(),
  };
}
