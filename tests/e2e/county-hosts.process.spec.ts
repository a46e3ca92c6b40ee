import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import { pgAdmin, pgDatabaseUrl, startApp, stopApp } from '../support/app-process';

/**
 * Two counties on one deployment, in a real browser (docs/decisions/0099-county-by-host.md): the
 * operator adds Wyoming County with `npm run region:add`; the default county's site stays on the
 * bare address, `wyoming.localhost` is Wyoming's (not open yet, and never Sullivan's directory),
 * and a host that is no county's gets a 404 page. On the built server in production posture, on
 * the embedded database (county added with the app stopped) and on the PostgreSQL server (added
 * by another process while the app runs).
 */

const root = path.resolve(import.meta.dirname, '../..');
const chromiumArgs = ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

function addCounty(dbEnv: Record<string, string>) {
  const added = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/region-add.ts'), 'wyoming'], { env: { ...process.env, NODE_ENV: 'test', ...dbEnv }, encoding: 'utf8' });
  expect(added.status, added.stderr).toBe(0);
  expect(added.stdout).toContain('Added Wyoming County, PA');
}

for (const kind of ['embedded', 'postgres'] as const) {
  test(`each county answers on its own host, an unknown host gets a 404 (${kind} database)`, async () => {
    test.setTimeout(120_000);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'county-hosts-'));
    const dbName = `county_hosts_${process.pid}_${Date.now()}`;
    if (kind === 'postgres') await pgAdmin(`create database ${dbName}`);
    const dbEnv: Record<string, string> = kind === 'postgres' ? { DATABASE_URL: pgDatabaseUrl(dbName), DATA_DIR: dataDir } : { DATA_DIR: dataDir };
    if (kind === 'embedded') addCounty(dbEnv);
    const server = await startApp({
      NODE_ENV: 'production',
      SESSION_SECRET: 'county-hosts-process-test-'.padEnd(48, 'x'),
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'two counties, one deployment',
      PAYMENTS: 'demo',
      ALLOW_PLAIN_HTTP: 'true',
      SEED_SAMPLE_DATA: 'true',
      LOG_REQUESTS: 'false',
      ...dbEnv,
    });
    const port = new URL(server.url).port;
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs });
    try {
      if (kind === 'postgres') addCounty(dbEnv);
      const page = await browser.newPage();

      await page.goto(`http://localhost:${port}/`);
      await expect(page).toHaveTitle(/Sullivan County Contractors/);
      await expect(page.getByTestId('contractor-card').first()).toBeVisible();

      const wyoming = await page.goto(`http://wyoming.localhost:${port}/browse`);
      expect(wyoming!.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Wyoming County Contractors is not open yet');
      await expect(page.getByText('Sullivan County')).toHaveCount(0);
      const region = await page.evaluate(async () => (await fetch('/api/region')).json());
      expect(region).toMatchObject({ slug: 'wyoming', name: 'Wyoming County' });
      expect(region.towns.map((t: { name: string }) => t.name)).toContain('Tunkhannock');
      const search = await page.evaluate(async () => (await fetch('/api/contractors?pageSize=1')).status);
      expect(search).toBe(404);

      const nowhere = await page.goto(`http://nowhere.localhost:${port}/contractor/1`);
      expect(nowhere!.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Site Not Found');
      await expect(page.getByText('No county directory is served at this address.')).toBeVisible();

      // The default county also answers on its own name.
      await page.goto(`http://sullivan.localhost:${port}/browse`);
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Contractors');
      await expect(page.getByTestId('contractor-card').first()).toBeVisible();
    } finally {
      await browser.close();
      await stopApp(server);
      if (kind === 'postgres') await pgAdmin(`drop database if exists ${dbName}`).catch(() => {});
    }
  });
}
