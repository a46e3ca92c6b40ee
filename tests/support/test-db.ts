import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { openDatabase, type Database } from '../../server/db/client';
import { seedDatabase } from '../../server/db/seed';

/**
 * One database per test file, migrated and seeded: a fresh database on the Postgres server
 * named by TEST_DATABASE_URL (copied from a template), or an embedded PGlite loaded from a
 * prepared dump. Both come from the same migrations.
 */

export const testDatabaseUrl = (): string | undefined => process.env.TEST_DATABASE_URL || undefined;

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  database: Database;
  /** postgres:// URL when on a server (for a second app process), else undefined. */
  url?: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(template: {
  pgTemplate?: string;
  pgliteDump?: string;
}): Promise<TestDatabase> {
  const serverUrl = testDatabaseUrl();
  if (serverUrl && template.pgTemplate) {
    const name = `t_${process.pid}_${randomBytes(4).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${template.pgTemplate}`);
    const url = withDatabase(serverUrl, name);
    const database = await openDatabase({ url, poolSize: 10 });
    return {
      database,
      url,
      drop: async () => {
        await database.close().catch(() => {});
        await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      },
    };
  }
  const loadDataDir = template.pgliteDump ? new Blob([readFileSync(template.pgliteDump)]) : undefined;
  const database = await openDatabase({ dataDir: 'memory://', loadDataDir });
  if (!loadDataDir) {
    await database.migrate();
    await seedDatabase(database.db);
  }
  return { database, drop: () => database.close() };
}
