// The app as the browser tests see it: the built server on a fresh database. With
// E2E_DATABASE_URL a new database on that server, otherwise (the default, as `npm start` runs)
// an embedded one in a temp folder.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { distDir, ensureBuild, root } from './ensure-build.mjs';

await ensureBuild();
const serverUrl = process.env.E2E_DATABASE_URL;
if (serverUrl) {
  const name = `e2e_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const old = await admin.query("select datname from pg_database where datname like 'e2e_%'");
  // Leftovers of earlier runs; one still in use by a parallel run refuses and is kept.
  for (const { datname } of old.rows) await admin.query(`drop database if exists ${datname}`).catch(() => {});
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
} else {
  delete process.env.DATABASE_URL;
  process.env.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));
}
// Test-only data goes in before the app starts; the fixture script migrates and seeds too.
const fixtures = spawnSync(
  process.execPath,
  ['--import', 'tsx', path.join(root, 'tests/e2e/fixtures/seed-fixtures.ts')],
  { stdio: 'inherit', env: process.env },
);
if (fixtures.status !== 0) throw new Error('Seeding the browser-test fixtures failed');
await import(pathToFileURL(path.join(distDir, 'server', 'index.js')).href);
