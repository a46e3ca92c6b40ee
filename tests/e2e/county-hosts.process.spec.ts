import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type Page } from '@playwright/test';
import { pgAdmin, pgDatabaseUrl, startApp, stopApp } from '../support/app-process';
import { signInWithTwoFactor, type Post } from '../support/two-factor';

/** A JSON POST from the page, with its cookies. */
const pagePost =
  (page: Page): Post =>
  (path, body) =>
    page.evaluate(
      async ([u, b]) => {
        const res = await fetch(u as string, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(b),
        });
        return { status: res.status, body: await res.json().catch(() => null) };
      },
      [path, body] as const,
    );

/**
 * Two counties on one deployment, in a real browser (docs/decisions/0099-county-by-host.md,
 * docs/decisions/0105-county-sites-open.md): the operator adds Wyoming County with `npm run
 * region:add`; the default county's site stays on the bare address, `wyoming.localhost` is
 * Wyoming's own site, and a host that is no county's gets a 404 page. Then a journey: a business
 * in Tunkhannock submitted on Wyoming's site, approved, asked for a quote there and the lead
 * delivered by the routing, never visible on Sullivan's site nor to Sullivan's county administrator. On the built
 * server in production posture, on the embedded database (county added with the app stopped) and
 * on the PostgreSQL server (added by another process while the app runs).
 */

const root = path.resolve(import.meta.dirname, '../..');
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

function addCounty(dbEnv: Record<string, string>) {
  const added = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/region-add.ts'), 'wyoming'], {
    env: { ...process.env, NODE_ENV: 'test', ...dbEnv },
    encoding: 'utf8',
  });
  expect(added.status, added.stderr).toBe(0);
  expect(added.stdout).toContain('Added Wyoming County, PA');
}

for (const kind of ['embedded', 'postgres'] as const) {
  test(`each county answers on its own host, a business of one is never shown on the other's, an unknown host gets a 404 (${kind} database)`, async () => {
    test.setTimeout(240_000);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'county-hosts-'));
    const dbName = `county_hosts_${process.pid}_${Date.now()}`;
    if (kind === 'postgres') await pgAdmin(`create database ${dbName}`);
    const dbEnv: Record<string, string> =
      kind === 'postgres' ? { DATABASE_URL: pgDatabaseUrl(dbName), DATA_DIR: dataDir } : { DATA_DIR: dataDir };
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
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: chromiumArgs,
    });
    try {
      if (kind === 'postgres') addCounty(dbEnv);
      const page = await browser.newPage();

      await page.goto(`http://localhost:${port}/`);
      await expect(page).toHaveTitle(/Sullivan County Contractors/);
      await expect(page.getByTestId('contractor-card').first()).toBeVisible();

      const wyoming = `http://wyoming.localhost:${port}`;
      const home = await page.goto(`${wyoming}/`);
      expect(home!.status()).toBe(200);
      await expect(page).toHaveTitle(/Wyoming County Contractors/);
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Wyoming County');
      await expect(page.getByText('Sullivan County')).toHaveCount(0);
      const region = await page.evaluate(async () => (await fetch('/api/region')).json());
      expect(region).toMatchObject({ slug: 'wyoming', name: 'Wyoming County' });
      expect(region.towns.map((t: { name: string }) => t.name)).toContain('Tunkhannock');
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${wyoming}/`);

      // A business in Tunkhannock, submitted on Wyoming's site.
      const name = `Tunkhannock Timber ${kind} ${Date.now()}`;
      await page.goto(`${wyoming}/submit-business`);
      await page.getByLabel('Business Name').fill(name);
      await page.getByLabel('Years in Business').fill('14');
      await page.getByLabel('Business Description').fill('Timber frames, porches and additions along the Susquehanna.');
      await page.getByLabel('Email Address').fill(`timber-${kind}-${Date.now()}@builders.example`);
      await page.getByLabel('Phone Number').fill('(570) 555-0177');
      await page.getByLabel('Street Address').fill('9 Bridge Street');
      await page.getByLabel('City').fill('Tunkhannock');
      await page.getByLabel('ZIP Code').fill('18657');
      await page.getByLabel('License Number').fill(`PA8${String(Date.now()).slice(-5)}`);
      await page.getByLabel('Insurance Information').fill('General liability $1,000,000 with Keystone Mutual');
      await page.getByLabel('Roofing', { exact: true }).check();
      await page.getByRole('button', { name: 'Submit for Review' }).click();
      await expect(page.getByRole('heading', { name: 'Thank You for Your Submission!' })).toBeVisible();

      // The platform administrator approves it (on the deployment's address), and makes Sullivan's county administrator.
      const admin = await browser.newPage();
      await admin.goto(`http://localhost:${port}/admin/login`);
      // Production requires two-factor sign-in (docs/decisions/0109-admin-two-factor.md): set up at the first sign-in, through the API.
      await signInWithTwoFactor(pagePost(admin), { username: 'admin', password: 'two counties, one deployment' }, {});
      await admin.goto(`http://localhost:${port}/admin`);
      await expect(admin).not.toHaveURL(/\/login/);
      const api = (method: string, url: string, body?: unknown) =>
        admin.evaluate(
          async ([m, u, b]) => {
            const res = await fetch(u as string, {
              method: m as string,
              headers: b ? { 'Content-Type': 'application/json' } : {},
              body: b ? JSON.stringify(b) : undefined,
            });
            return {
              status: res.status,
              body: res.headers.get('content-type')?.includes('json') ? await res.json() : null,
            };
          },
          [method, url, body] as const,
        );
      const pending = await api('GET', `/api/admin/contractors?search=${encodeURIComponent(name)}`);
      expect(pending.status, JSON.stringify(pending.body)).toBe(200);
      const business = pending.body.contractors.find((c: { name: string }) => c.name === name);
      expect(business, JSON.stringify(pending.body).slice(0, 500)).toBeDefined();
      expect(
        (await api('PATCH', `/api/admin/contractors/${business.id}/approval`, { status: 'approved' })).status,
      ).toBe(200);
      const sullivanId = (await api('GET', '/api/admin/users')).body.counties.find(
        (c: { slug: string }) => c.slug === 'sullivan',
      ).id;
      expect(
        (
          await api('POST', '/api/admin/users', {
            username: 'sullivan-admin',
            password: 'only sullivan county leads',
            role: 'county',
            regionIds: [sullivanId],
          })
        ).status,
      ).toBe(201);

      // Listed on Wyoming's site, asked for a quote there.
      await page.goto(`${wyoming}/contractor/${business.id}`);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(page.getByText('Tunkhannock').first()).toBeVisible();
      await page.goto(`${wyoming}/contractor/${business.id}/quote`);
      const form = page.getByRole('main');
      await form.getByLabel('Your Name').fill('River Homeowner');
      await form.getByLabel('Email').fill(`river-${kind}-${Date.now()}@home.example`);
      await form.getByLabel('Phone').fill('(570) 555-0190');
      await form.getByLabel('Service Needed').selectOption('Roofing & Siding');
      await form.getByLabel('Project Location').fill('Tunkhannock, PA');
      await form.getByLabel('Project Details').fill('A new standing-seam roof on the river house before winter.');
      await form.getByRole('button', { name: 'Send Quote Request' }).click();
      await expect(page).toHaveURL(/sent=1/);

      // A new county delivers automatically (docs/decisions/0117-lead-routing.md): the routing, not an administrator, delivers it.
      const howItWent = async () => {
        const leadsNow = await api('GET', '/api/leads?pageSize=100');
        return leadsNow.body.leads.find(
          (l: { requestedContractor: { id: number } | null }) => l.requestedContractor?.id === business.id,
        )?.howItWent as string | undefined;
      };
      await expect.poll(howItWent, { timeout: 30_000, intervals: [500] }).toBe('Delivered automatically');

      // Never on Sullivan's site...
      const sullivanProfile = await page.goto(`http://localhost:${port}/contractor/${business.id}`);
      expect(sullivanProfile!.status()).toBe(404);
      const sullivanSearch = await page.evaluate(async () =>
        (await fetch('/api/contractors?pageSize=48&sort=name')).json(),
      );
      expect(JSON.stringify(sullivanSearch)).not.toContain(name);
      const sitemap = await page.evaluate(async () => (await fetch('/sitemap.xml')).text());
      expect(sitemap).not.toContain(`/contractor/${business.id}<`);
      // ...nor to Sullivan's county administrator.
      await admin.evaluate(() => fetch('/api/admin/logout', { method: 'POST' }));
      await admin.goto(`http://localhost:${port}/admin/login`);
      await signInWithTwoFactor(
        pagePost(admin),
        { username: 'sullivan-admin', password: 'only sullivan county leads' },
        {},
      );
      await admin.goto(`http://localhost:${port}/admin`);
      await expect(admin).not.toHaveURL(/\/login/);
      const theirLeads = await api('GET', '/api/leads?pageSize=100');
      expect(theirLeads.status).toBe(200);
      expect(JSON.stringify(theirLeads.body)).not.toContain('Tunkhannock');
      expect(
        JSON.stringify(
          (await api('GET', `/api/admin/contractors?search=${encodeURIComponent(name)}`)).body.contractors,
        ),
      ).not.toContain(name);

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
