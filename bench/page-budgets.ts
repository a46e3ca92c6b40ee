/**
 * npm run bench:pages
 * Builds the app, serves it on a fresh embedded database, then for each public page prints:
 * the JavaScript the browser loads (gzip bytes over the wire, per file and in total) and
 * whether any of it is Stripe or admin code; and Lighthouse's four category scores (mobile
 * preset, Debian Chromium at CHROME_PATH, default /usr/bin/chromium).
 * Targets: performance >= 95, accessibility 100, best practices >= 95, SEO 100,
 * public-route JS <= 100 KB gzip, no Stripe or admin code on public routes.
 */
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freshDatabase, startBenchServer } from './lib/bench-server';
import { ensureBuildFromTs } from './lib/ensure-build';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
const BUDGET_KB = 100;
const skipLighthouse = process.argv.includes('--no-lighthouse');

await ensureBuildFromTs();
const database = await freshDatabase();
const server = await startBenchServer(database.env, 7100 + (process.pid % 300));

/** Runs Lighthouse once more when a run errors (Chromium occasionally loses a trace), printing why. */
async function audit(url: string, port: number, attempts = 2) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const error = result.lhr.runtimeError;
    if (!error) return result;
    console.log(`${url}: Lighthouse run ${attempt} failed: ${error.code} ${error.message}`);
    if (attempt >= attempts) return result;
  }
}

interface PageReport {
  page: string;
  jsKb: number;
  files: number;
  stripe: boolean;
  admin: boolean;
  scores?: Record<string, number>;
}

try {
  const contractors = (await (await fetch(`${server.url}/api/contractors?pageSize=1`)).json()) as { contractors: { id: number }[] };
  const posts = (await (await fetch(`${server.url}/api/blog`)).json()) as { slug: string }[];
  const pages = [
    ['home', '/'],
    ['search', '/search?service=kitchen-bath&location=laporte'],
    ['browse', '/browse'],
    ['profile', `/contractor/${contractors.contractors[0]!.id}`],
    ['blog list', '/blog'],
    ['blog post', `/blog/${posts[0]!.slug}`],
    ['submit business', '/submit-business'],
    ['plans', '/contractor-pricing'],
  ] as const;

  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS.filter((f) => !f.startsWith('--headless')) });
  const reports: PageReport[] = [];
  for (const [name, path] of pages) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
    const page = await context.newPage();
    const scripts: { url: string; bytes: number; text: string }[] = [];
    page.on('response', async (res) => {
      if (res.request().resourceType() !== 'script') return;
      const sizes = await res.request().sizes();
      scripts.push({ url: res.url(), bytes: sizes.responseBodySize, text: await res.text() });
    });
    await page.goto(server.url + path, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    const text = scripts.map((s) => s.text).join('\n');
    reports.push({
      page: `${name} (${path})`,
      jsKb: Math.round((scripts.reduce((n, s) => n + s.bytes, 0) / 1024) * 10) / 10,
      files: scripts.length,
      stripe: /js\.stripe\.com|loadStripe/.test(text),
      admin: /Reject Contractor Application|Pricing Rule Created|api\/admin\/contractors/.test(text),
    });
    await context.close();
  }
  await browser.close();

  if (!skipLighthouse) {
    const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
    try {
      for (const [i, [, path]] of pages.entries()) {
        if (!['home', 'search', 'profile', 'blog post'].includes(pages[i]![0])) continue;
        const result = await audit(server.url + path, chrome.port);
        const categories = result.lhr.categories;
        reports[i]!.scores = Object.fromEntries(Object.entries(categories).map(([k, c]) => [k, Math.round((c.score ?? 0) * 100)]));
        const failing = Object.values(result.lhr.audits).filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual');
        if (failing.length) console.log(`${path}: audits below 0.9: ${failing.map((a) => `${a.id} (${a.displayValue ?? a.score})`).join(', ')}`);
      }
    } finally {
      chrome.kill();
    }
  }

  console.table(
    reports.map((r) => ({
      page: r.page,
      'JS KB (gzip)': r.jsKb,
      files: r.files,
      'stripe code': r.stripe,
      'admin code': r.admin,
      performance: r.scores?.performance ?? '-',
      accessibility: r.scores?.accessibility ?? '-',
      'best practices': r.scores?.['best-practices'] ?? '-',
      seo: r.scores?.seo ?? '-',
    })),
  );
  const overJs = reports.filter((r) => r.jsKb > BUDGET_KB);
  const leaks = reports.filter((r) => r.stripe || r.admin);
  const scored = reports.filter((r) => r.scores);
  const lhOk = scored.every((r) => r.scores!.performance! >= 95 && r.scores!.accessibility === 100 && r.scores!['best-practices']! >= 95 && r.scores!.seo === 100);
  console.log(`JS budget <= ${BUDGET_KB} KB: ${overJs.length ? `NOT met (${overJs.map((r) => r.page).join(', ')})` : 'met'}; Stripe/admin code on public pages: ${leaks.length ? 'FOUND' : 'none'}${skipLighthouse ? '' : `; Lighthouse targets: ${lhOk ? 'met' : 'NOT met'}`}`);
} finally {
  await server.stop();
  await database.drop();
}
