import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { pgAdmin, pgDatabaseUrl, startApp, stopApp } from '../support/app-process';

/**
 * `npm run contractors:import` with the app stopped or running (docs/decisions/0130-contractor-import.md,
 * 0134-operator-channel.md), in production posture: on the embedded database, while the app holds
 * the folder the file goes through the app's operator channel, and once the app is stopped the tool
 * opens the folder itself; on PostgreSQL it runs beside the app. Each run prints the counts and
 * every failed row; a refusal is its message and exit code 1.
 */

const SAMPLE = path.resolve('docs/samples/contractor-registry-sample.csv');
const TSX = path.resolve('node_modules/.bin/tsx');
const CLI = path.resolve('scripts/contractors-import.ts');

const APP_ENV = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'import-cli-secret-import-cli-secret-0000',
  ADMIN_USERNAME: 'admin',
  ADMIN_PASSWORD: 'import cli admin password',
  PAYMENTS: 'demo',
  ALLOW_PLAIN_HTTP: 'true',
  SEED_SAMPLE_DATA: 'false',
};

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** The command as an operator types it, with the app's environment and nothing of the runner's. */
async function importCli(env: Record<string, string>, ...args: string[]): Promise<Run> {
  try {
    const { stdout, stderr } = await promisify(execFile)(TSX, [CLI, ...args], {
      env: { PATH: process.env.PATH ?? '', ...APP_ENV, ...env },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

const FAILED_ROWS = [
  'Row 12 (Scranton Siding Pros): "Scranton" is not a town of Sullivan County',
  'Row 13 (Hillsgrove Pest Control): "Pest Control" is not a service of Sullivan County',
  'Row 14 (Forksville Kitchen Works): The registration number PA19012 is not of the form PA123456',
];

function expectOutcome(run: Run, counts: string) {
  expect(run.code, run.stderr).toBe(0);
  expect(run.stdout).toContain(counts);
  for (const line of FAILED_ROWS) expect(run.stdout).toContain(line);
}

test('on the embedded database: through the running app, then with the app stopped', async () => {
  test.setTimeout(180_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'import-cli-'));
  const env = { DATA_DIR: dataDir };
  const app = await startApp({ ...APP_ENV, ...env });
  try {
    // The channel's file is the app's alone to read.
    const channel = path.join(dataDir, 'operator.json');
    expect(statSync(channel).mode & 0o777).toBe(0o600);

    const dryRun = await importCli(env, '--county', 'sullivan', '--dry-run', SAMPLE);
    expect(dryRun.stderr).toContain(`The app is running on this data folder (${dataDir}): importing through it.`);
    expectOutcome(dryRun, '9 new, 0 updates, 1 duplicate, 3 errors');
    expect(dryRun.stdout).toContain('Dry run (nothing written) into sullivan: 13 rows');

    const first = await importCli(env, '--county', 'sullivan', SAMPLE);
    expect(first.stderr).toContain('importing through it');
    expectOutcome(first, '9 new, 0 updates, 1 duplicate, 3 errors');
    expect(first.stdout).toMatch(/^Import #\d+ into sullivan: 13 rows/m);

    // A county the deployment does not have is refused by the app, and the tool says so.
    const wrong = await importCli(env, '--county', 'atlantis', SAMPLE);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('County not found');

    // Without the token, or with another, the channel is not there: the answer of a route that does not exist.
    const token = (JSON.parse(readFileSync(channel, 'utf8')) as { token: string }).token;
    const post = (where: string, authorization?: string) => {
      const form = new FormData();
      form.append('county', 'sullivan');
      form.append('file', new Blob([readFileSync(SAMPLE)]), 'sample.csv');
      return fetch(`${app.url}${where}`, {
        method: 'POST',
        headers: authorization ? { Authorization: authorization } : {},
        body: form,
      }).then(async (res) => ({ status: res.status, body: (await res.text()).replace(where.slice(4), '') }));
    };
    const nowhere = await post('/api/no-such/imports', `Bearer ${token}`);
    expect(nowhere.status).toBeGreaterThanOrEqual(400);
    for (const authorization of [undefined, `Bearer ${token.slice(1)}x`, token])
      expect(await post('/api/operator/imports', authorization), authorization).toEqual(nowhere);

    expect(await stopApp(app)).toBe(0);
    expect(existsSync(channel)).toBe(false);
    // The app stopped: the tool opens the folder itself. The same file again updates what the first import made.
    const again = await importCli(env, '--county', 'sullivan', SAMPLE);
    expect(again.stderr).not.toContain('importing through it');
    expectOutcome(again, '0 new, 9 updates, 1 duplicate, 3 errors');
  } finally {
    await stopApp(app);
  }
});

test('on PostgreSQL: beside the running app', async () => {
  test.setTimeout(180_000);
  const name = `import_cli_${process.pid}`;
  await pgAdmin(`drop database if exists ${name} with (force)`);
  await pgAdmin(`create database ${name}`);
  const env = { DATABASE_URL: pgDatabaseUrl(name) };
  const app = await startApp({ ...APP_ENV, ...env });
  try {
    const first = await importCli(env, '--county', 'sullivan', SAMPLE);
    expect(first.stderr).not.toContain('importing through it');
    expectOutcome(first, '9 new, 0 updates, 1 duplicate, 3 errors');
    // No channel on PostgreSQL: the tools open the database themselves.
    const res = await fetch(`${app.url}/api/operator/imports`, { method: 'POST', body: '{}' });
    expect(res.status).toBe((await fetch(`${app.url}/api/no-such/imports`, { method: 'POST', body: '{}' })).status);
    const again = await importCli(env, '--county', 'sullivan', '--dry-run', SAMPLE);
    expectOutcome(again, '0 new, 9 updates, 1 duplicate, 3 errors');
  } finally {
    await stopApp(app);
    await pgAdmin(`drop database if exists ${name} with (force)`);
  }
});
