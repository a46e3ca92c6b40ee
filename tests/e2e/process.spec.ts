import { spawn } from 'node:child_process';
import http from 'node:http';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';

const serverEntry = path.resolve(process.env.DIST_DIR ?? 'dist', 'server/index.js');

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, [serverEntry], {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', HOST: '127.0.0.1', DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'proc-')), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitForHealth(port: number, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become healthy');
}

test('a bad setting stops the process with a message naming the variable', async () => {
  const s = startServer({ PORT: 'eighty' });
  expect(await s.exited).toBe(1);
  expect(s.output()).toContain('PORT');
});

test('production refuses to start without SESSION_SECRET', async () => {
  const s = startServer({ NODE_ENV: 'production', PORT: '0' });
  expect(await s.exited).toBe(1);
  expect(s.output()).toContain('SESSION_SECRET is required when NODE_ENV=production');
});

test('SIGTERM finishes in-flight requests and exits cleanly within 5 seconds', async () => {
  test.setTimeout(90_000);
  const port = 5200 + (process.pid % 500);
  const s = startServer({ PORT: String(port) });
  await waitForHealth(port);
  // A request in flight when the signal arrives still gets its answer.
  const inFlight = fetch(`http://127.0.0.1:${port}/`).then((r) => r.status);
  await new Promise((r) => setTimeout(r, 5));
  const started = Date.now();
  s.child.kill('SIGTERM');
  expect(await s.exited).toBe(0);
  expect(Date.now() - started).toBeLessThan(5_000);
  expect(await inFlight).toBe(200);
});

test('after SIGTERM a client busy on a keep-alive connection is asked to close and does not hold the process', async () => {
  test.setTimeout(90_000);
  const port = 5700 + (process.pid % 500);
  const s = startServer({ PORT: String(port) });
  await waitForHealth(port);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  // A request whose body is still arriving when the signal comes: its connection is busy, not idle.
  const body = JSON.stringify({ email: 'keep.alive@example.com' });
  const answered = new Promise<string>((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path: '/api/newsletter', method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(String(res.headers.connection)));
      },
    );
    req.on('error', reject);
    req.write(body.slice(0, 5));
    setTimeout(() => req.end(body.slice(5)), 300);
  });
  await new Promise((r) => setTimeout(r, 100));
  const started = Date.now();
  s.child.kill('SIGTERM');
  expect(await answered).toBe('close');
  // The client keeps asking on the same agent; without the close it would reuse the socket
  // and hold the process until the shutdown grace (8 s) ran out.
  const get = () =>
    new Promise<string>((resolve) => {
      http
        .get({ host: '127.0.0.1', port, path: '/api/health', agent }, (res) => {
          res.resume();
          res.on('end', () => resolve('answered'));
        })
        .on('error', () => resolve('refused'));
    });
  const exited = s.exited.then((code) => ({ code, tookMs: Date.now() - started }));
  let done = false;
  void exited.then(() => (done = true));
  while (!done && Date.now() - started < 10_000) await get();
  agent.destroy();
  const { code, tookMs } = await exited;
  expect(code).toBe(0);
  expect(tookMs).toBeLessThan(3_000);
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The port a server started with PORT=0 reports once it listens (its log must be on). */
async function listeningPort(s: ReturnType<typeof startServer>, timeoutMs = 60_000): Promise<number> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const m = /listening on http:\/\/localhost:(\d+)/.exec(s.output());
    if (m) return Number(m[1]);
    if (s.child.exitCode !== null) throw new Error(`the server exited (${s.child.exitCode}):\n${s.output()}`);
    await sleep(100);
  }
  throw new Error(`the server did not start:\n${s.output()}`);
}

// Payments in production (issue 11, item 2; docs/decisions.md §1.6): never the demo provider by accident.
const productionBase = { NODE_ENV: 'production', PORT: '0', SESSION_SECRET: 'p'.repeat(40), ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'process-admin-password' };
const stripeKeys = { STRIPE_SECRET_KEY: 'sk_test_process', STRIPE_PUBLISHABLE_KEY: 'pk_test_process' };

test('production refuses to start without Stripe keys unless PAYMENTS=demo', async () => {
  const s = startServer(productionBase);
  expect(await s.exited).toBe(1);
  expect(s.output()).toContain('STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY are required when NODE_ENV=production');
  expect(s.output()).toContain('PAYMENTS=demo');
});

test('production with Stripe keys refuses to start without the webhook secret and plan prices, naming each', async () => {
  const s = startServer({ ...productionBase, ...stripeKeys, STRIPE_PRICE_PRO: 'price_pro' });
  expect(await s.exited).toBe(1);
  expect(s.output()).toContain('STRIPE_WEBHOOK_SECRET is required when NODE_ENV=production');
  expect(s.output()).toContain('STRIPE_PRICE_PREMIUM is required when NODE_ENV=production');
  expect(s.output()).not.toContain('STRIPE_PRICE_PRO is required');
});

test('production with PAYMENTS=demo starts with a loud warning and tells the payment screens to show theirs', async () => {
  test.setTimeout(90_000);
  const s = startServer({ ...productionBase, PAYMENTS: 'demo' });
  const port = await listeningPort(s);
  expect(s.output()).toContain('WARNING: DEMO PAYMENTS IN PRODUCTION');
  // The page's settings carry the flag the screens' warning reads (tests/unit/demo-payments-warning.test.tsx),
  // on a server-rendered page too: the build is a production build whatever NODE_ENV built it.
  for (const url of ['/buy-lead', '/contractor-pricing']) {
    const res = await fetch(`http://127.0.0.1:${port}${url}`);
    expect(res.status, url).toBe(200);
    expect(await res.text(), url).toContain('"demoInProduction":true');
  }
  expect(await (await fetch(`http://127.0.0.1:${port}/contractor-pricing`)).text()).toContain('This site is not taking real payments');
  s.child.kill('SIGTERM');
  expect(await s.exited).toBe(0);
});

// One process per embedded database folder (issue 11, item 7): a second one would lose the first one's writes.
const testBase = { PORT: '0', LOG_REQUESTS: 'true', SESSION_SECRET: 't'.repeat(40) };

test('a second server on the same DATA_DIR refuses to start, naming the folder and the process holding it; SIGTERM releases the folder', async () => {
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'proc-lock-'));
  const first = startServer({ ...testBase, DATA_DIR: dataDir });
  const port = await listeningPort(first);
  const lockFile = path.join(dataDir, 'app.lock');
  expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(first.child.pid));

  const second = startServer({ ...testBase, DATA_DIR: dataDir });
  expect(await second.exited).toBe(1);
  expect(second.output()).toContain(`The embedded database in ${dataDir} is in use by process ${first.child.pid}`);
  // The first server is untouched and still answers.
  expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);

  first.child.kill('SIGTERM');
  expect(await first.exited).toBe(0);
  expect(existsSync(lockFile)).toBe(false);
  const third = startServer({ ...testBase, DATA_DIR: dataDir });
  await listeningPort(third);
  third.child.kill('SIGTERM');
  expect(await third.exited).toBe(0);
});

test('a lock left by a killed server is taken over', async () => {
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'proc-stale-'));
  const killed = startServer({ ...testBase, DATA_DIR: dataDir });
  await listeningPort(killed);
  killed.child.kill('SIGKILL');
  await killed.exited;
  expect(readFileSync(path.join(dataDir, 'app.lock'), 'utf8').trim()).toBe(String(killed.child.pid));

  const next = startServer({ ...testBase, DATA_DIR: dataDir });
  const port = await listeningPort(next);
  expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
  expect(readFileSync(path.join(dataDir, 'app.lock'), 'utf8').trim()).toBe(String(next.child.pid));
  next.child.kill('SIGTERM');
  expect(await next.exited).toBe(0);
});

test('`npm run dev` beside a running server on the same DATA_DIR says the folder is in use instead of opening it', async () => {
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'proc-dev-'));
  const served = startServer({ ...testBase, DATA_DIR: dataDir });
  await listeningPort(served);
  // detached: its own process group, so the watcher and the server it runs are stopped together.
  const dev = spawn('npm', ['run', 'dev'], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  dev.stdout.on('data', (d) => (output += d));
  dev.stderr.on('data', (d) => (output += d));
  try {
    const until = Date.now() + 90_000;
    while (!output.includes('is in use by process') && !output.includes('listening on') && Date.now() < until) await sleep(200);
    expect(output).toContain(`The embedded database in ${dataDir} is in use by process ${served.child.pid}`);
    expect(output).not.toContain('listening on');
  } finally {
    process.kill(-dev.pid!, 'SIGKILL');
  }
  served.child.kill('SIGTERM');
  expect(await served.exited).toBe(0);
});
