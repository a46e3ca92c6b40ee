import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import { pgAdmin, pgDatabaseUrl, startApp, stopApp } from '../support/app-process';
import { TotpDevice } from '../support/two-factor';

/**
 * The administrator's two-factor sign-in as a journey (issue 25; docs/decisions/0109-admin-two-factor.md),
 * on the built server in production mode, where it is required, on the embedded database and on
 * the PostgreSQL server: the first administrator's first sign-in leads to setting it up and nowhere
 * else; it scans (here: reads) the secret, confirms with a code, sees its recovery codes once;
 * signs out; signs in with the password and a code, and then with a recovery code.
 */

const chromiumArgs = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
const ADMIN = { username: 'admin', password: 'two factors, one journey' };

for (const kind of ['embedded', 'postgres'] as const) {
  test(`an administrator sets up two-factor sign-in at the first sign-in, then signs in with a code (${kind} database)`, async () => {
    test.setTimeout(120_000);
    const dbName = `two_factor_${process.pid}_${Date.now()}`;
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'two-factor-'));
    let dbEnv: Record<string, string> = { DATA_DIR: dataDir };
    if (kind === 'postgres') {
      await pgAdmin(`create database ${dbName}`);
      dbEnv = { ...dbEnv, DATABASE_URL: pgDatabaseUrl(dbName) };
    }
    const server = await startApp({
      NODE_ENV: 'production',
      SESSION_SECRET: 'two-factor-process-test-'.padEnd(48, 'x'),
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      PAYMENTS: 'demo',
      ALLOW_PLAIN_HTTP: 'true',
      LOG_REQUESTS: 'false',
      ...dbEnv,
    });
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: chromiumArgs,
    });
    try {
      const page = await browser.newPage();
      const signInWithPassword = async () => {
        await page.goto(`${server.url}/admin/login`);
        await page.getByLabel('Username').fill(ADMIN.username);
        await page.getByLabel('Password').fill(ADMIN.password);
        await page.getByRole('button', { name: 'Login' }).click();
      };

      // The password alone leads to the setup, and nowhere else.
      await signInWithPassword();
      await expect(page).toHaveURL(/\/admin\/two-factor$/);
      await expect(page.getByText('Every administrator here signs in with an authenticator app')).toBeVisible();
      await page.goto(`${server.url}/admin/leads`);
      await expect(page).toHaveURL(/\/admin\/two-factor$/);
      expect((await page.request.get(`${server.url}/api/leads`)).status()).toBe(403);

      await page.getByRole('button', { name: 'Set Up Two-Factor Sign-In' }).click();
      await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
      const device = new TotpDevice((await page.getByTestId('two-factor-secret').textContent())!.trim());
      await page.getByLabel('6-digit code from your authenticator app').fill('000000');
      await page.getByRole('button', { name: 'Confirm' }).click();
      await expect(page.getByText('That code is not right')).toBeVisible();
      // A slow session read (a busy server) must not send the administrator back here after the codes.
      await page.route('**/api/admin/check', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 700));
        await route.continue();
      });
      await page.getByLabel('6-digit code from your authenticator app').fill(await device.code());
      await page.getByRole('button', { name: 'Confirm' }).click();
      const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
      await expect(codes).toHaveCount(10);
      const recovery = (await codes.first().textContent())!;
      await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
      await page.unroute('**/api/admin/check');

      // Signed out, then in again: the password, then a code.
      await page.getByRole('button', { name: 'Logout' }).first().click();
      await expect(page).toHaveURL(/\/admin\/login$/);
      await signInWithPassword();
      const codeField = page.getByLabel('Code from your authenticator app');
      await expect(codeField).toBeVisible();
      expect((await page.request.get(`${server.url}/api/leads`)).status()).toBe(401);
      await codeField.fill('123456');
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page.getByTestId('toast').getByText('Invalid code')).toBeVisible();
      await codeField.fill(await device.code());
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

      // A recovery code in place of the app, once.
      await page.getByRole('button', { name: 'Logout' }).first().click();
      await signInWithPassword();
      await page.getByLabel('Code from your authenticator app').fill(recovery);
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page).toHaveURL(/\/admin$/);
      await page.goto(`${server.url}/admin/two-factor`);
      await expect(page.getByText('9 unused recovery codes left.')).toBeVisible();
    } finally {
      await browser.close();
      await stopApp(server);
      if (kind === 'postgres') await pgAdmin(`drop database if exists ${dbName} with (force)`);
    }
  });
}
