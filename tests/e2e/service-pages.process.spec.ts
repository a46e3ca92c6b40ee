import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import { pgAdmin, pgDatabaseUrl, startApp, stopApp } from '../support/app-process';
import { EXTRA_ROOFERS, rooferName } from './fixtures/seed-service-pages';

/**
 * A service page with more contractors than it shows at once (issue 16; docs/decisions/0030-service-pages.md),
 * on the built server in production posture, on the embedded database and on the PostgreSQL
 * server: without JavaScript its pages are followed by links; the page and asset cache headers
 * are the ones a CDN needs, and the stylesheet is written into the page. The database gets its extra roofers before the server starts
 * (fixtures/seed-service-pages.ts), so the shared browser-test server's data stays as it is.
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

function startServer(dbEnv: Record<string, string>) {
  return startApp({
    NODE_ENV: 'production',
    SESSION_SECRET: 'service-pages-process-test-'.padEnd(48, 'x'),
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: 'service pages, paged by links',
    PAYMENTS: 'demo',
    ALLOW_PLAIN_HTTP: 'true',
    LOG_REQUESTS: 'false',
    ...dbEnv,
  });
}

for (const kind of ['embedded', 'postgres'] as const) {
  test(`without JavaScript a service page is paged by links; pages and assets carry CDN cache headers (${kind} database)`, async () => {
    test.setTimeout(120_000);
    const dbName = `service_pages_${process.pid}_${Date.now()}`;
    let dbEnv: Record<string, string>;
    if (kind === 'postgres') {
      await pgAdmin(`create database ${dbName}`);
      dbEnv = { DATABASE_URL: pgDatabaseUrl(dbName), DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'service-pages-')) };
    } else {
      dbEnv = { DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'service-pages-')) };
    }
    const seeded = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'tests/e2e/fixtures/seed-service-pages.ts')],
      { env: { ...process.env, ...dbEnv }, encoding: 'utf8' },
    );
    expect(seeded.status, seeded.stderr).toBe(0);
    const server = await startServer(dbEnv);
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: chromiumArgs,
    });
    try {
      const api = async (page: number) =>
        (await (await fetch(`${server.url}/api/service-pages/roofing/forksville?page=${page}`)).json()) as {
          total: number;
          contractors: { name: string }[];
        };
      const first = await api(1);
      expect(first.total).toBeGreaterThan(EXTRA_ROOFERS);
      const pages = Math.ceil(first.total / 12);
      expect(pages).toBeGreaterThanOrEqual(2);

      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(`${server.url}/contractors/roofing/forksville`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Roofing contractors in Forksville, PA');
      const names = () => page.getByTestId('contractor-card').getByRole('heading').allTextContents();
      const nav = page.getByRole('navigation', { name: 'Pages' });
      for (let n = 1; n <= pages; n++) {
        await expect(nav.getByText(`Page ${n} of ${pages}`)).toBeVisible();
        expect(await names()).toEqual((await api(n)).contractors.map((c) => c.name));
        if (n < pages) {
          await nav.getByRole('link', { name: 'Next' }).click();
          await expect(page).toHaveURL(`${server.url}/contractors/roofing/forksville?page=${n + 1}`);
        }
      }
      // The last page has no Next; Previous goes back; page 1's address has no page number.
      await expect(nav.getByRole('link', { name: 'Next' })).toHaveCount(0);
      for (let n = pages - 1; n >= 1; n--) await nav.getByRole('link', { name: 'Previous' }).click();
      await expect(page).toHaveURL(`${server.url}/contractors/roofing/forksville`);
      expect(await names()).toContain(first.contractors[0]!.name);
      // Every extra roofer was on one of the pages: the list is complete.
      const seen = new Set<string>();
      for (let n = 1; n <= pages; n++) for (const c of (await api(n)).contractors) seen.add(c.name);
      for (let i = 1; i <= EXTRA_ROOFERS; i++) expect(seen.has(rooferName(i))).toBe(true);
      // Each page of the list names itself as canonical and its place in the whole list.
      await page.goto(`${server.url}/contractors/roofing/forksville?page=2`);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        'href',
        /\/contractors\/roofing\/forksville\?page=2$/,
      );
      await expect(page).toHaveTitle('Roofing Contractors in Forksville, PA - Page 2 | Sullivan County Contractors');
      const itemList = (await page.locator('script[type="application/ld+json"]').allTextContents())
        .map((t) => JSON.parse(t))
        .find((ld) => ld['@type'] === 'ItemList');
      expect(itemList.itemListElement[0].position).toBe(13);
      await context.close();

      // Production posture: pages briefly cacheable with an ETag (304 on revalidation), hashed assets for a year.
      const res = await fetch(`${server.url}/contractors/roofing/forksville`);
      expect(res.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60');
      const html = await res.text();
      const etag = res.headers.get('etag')!;
      expect(
        (
          await fetch(`${server.url}/contractors/roofing/forksville`, {
            headers: { 'If-None-Match': etag, 'Cache-Control': 'max-age=0' },
          })
        ).status,
      ).toBe(304);
      const script = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
      const preloaded = /<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
      // The stylesheet is in the page: nothing but the HTML stands before the first paint.
      expect(html).not.toContain('rel="stylesheet"');
      expect(html).toMatch(/<style>[^<]*\.container\{/);
      for (const asset of [script, preloaded]) {
        const a = await fetch(`${server.url}${asset}`);
        expect(a.status, asset).toBe(200);
        expect(a.headers.get('cache-control'), asset).toBe('public, max-age=31536000, immutable');
        expect(a.headers.get('content-encoding'), asset).toBe('gzip');
      }
    } finally {
      await browser.close();
      await stopApp(server);
      if (kind === 'postgres') await pgAdmin(`drop database if exists ${dbName} with (force)`);
    }
  });
}
