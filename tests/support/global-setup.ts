import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client';
import { seedDatabase } from '../../server/db/seed';
import { adminQuery, testDatabaseUrl, withDatabase } from './test-db';

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string;
    pgliteDump: string;
  }
}

/** A fingerprint of the migrations and seed, so a template is rebuilt when either changes. */
function fingerprint(): string {
  const h = createHash('sha256');
  for (const dir of ['migrations', 'server/db/seed', 'server/db/seed/data', 'shared']) {
    for (const f of readdirSync(dir).sort()) {
      if (/\.(sql|ts|json)$/.test(f)) h.update(f).update(readFileSync(path.join(dir, f)));
    }
  }
  return h.digest('hex').slice(0, 12);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Templates and test databases left by runs that were killed (their process is gone). */
async function dropAbandonedDatabases(serverUrl: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      "select datname from pg_database where datname ~ '^(tmpl_[0-9a-f]+_[0-9]+|t_[0-9]+_[0-9a-f]+)$'",
    );
    for (const { datname } of rows) {
      // tmpl_<fingerprint>_<pid> or t_<pid>_<random>
      const parts = datname.split('_');
      const pid = Number(datname.startsWith('tmpl_') ? parts[2] : parts[1]);
      if (pid && !alive(pid)) await client.query(`drop database if exists ${datname} with (force)`).catch(() => {});
    }
  } finally {
    await client.end();
  }
}

/** Prepares a migrated, seeded template once per run; each test file copies it. */
export default async function setup(project: TestProject) {
  const serverUrl = testDatabaseUrl();
  if (serverUrl) {
    // One template per run, so parallel runs on one server never drop each other's.
    const name = `tmpl_${fingerprint()}_${process.pid}`;
    await dropAbandonedDatabases(serverUrl);
    await adminQuery(`CREATE DATABASE ${name}`);
    const db = await openDatabase({ url: withDatabase(serverUrl, name) });
    await db.migrate();
    await seedDatabase(db.db);
    await db.close();
    project.provide('pgTemplate', name);
    project.provide('pgliteDump', '');
    return async () => {
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    };
  }
  const db = await openDatabase({ dataDir: 'memory://' });
  await db.migrate();
  await seedDatabase(db.db);
  const client = (db.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const dump = path.join(os.tmpdir(), `pglite-test-${process.pid}-${fingerprint()}.tar`);
  writeFileSync(dump, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await db.close();
  project.provide('pgTemplate', '');
  project.provide('pgliteDump', dump);
}
