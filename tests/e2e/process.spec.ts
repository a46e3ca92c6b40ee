import { spawn } from 'node:child_process';
import http from 'node:http';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { spawnApp } from '../support/app-process';
import { waitForOutput } from '../support/process-output';
import { waitUntil } from '../support/wait';

/** The built server with `env` (test mode, a fresh data folder; tests/support/app-process.ts). */
const startServer = (env: Record<string, string>) => spawnApp(env, { folderPrefix: 'proc-' });

async function waitForReady(port: number, timeoutMs = 60_000) {
  // Refused until it listens; 503 until the database and the job queue are up.
  const ready = () =>
    fetch(`http://127.0.0.1:${port}/api/health/ready`)
      .then((res) => res.ok)
      .catch(() => false);
  await waitUntil('the server to be ready', ready, timeoutMs);
}

/**
 * A request whose headers ask 'Expect: 100-continue': `received` resolves at the server's
 * '100 Continue', once it has read them and handed the request to the app, so the request is in
 * flight; the body (`finish`) goes only when the test says. `answered`: its status and Connection header.
 */
function requestInFlight(options: http.RequestOptions, body = '') {
  const req = http.request({
    ...options,
    headers: { ...options.headers, expect: '100-continue', 'content-length': Buffer.byteLength(body) },
  });
  const answered = new Promise<{ status: number; connection: string }>((resolve, reject) => {
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, connection: String(res.headers.connection) }));
    });
    req.on('error', reject);
  });
  const received = new Promise<void>((resolve, reject) => {
    req.once('continue', resolve);
    req.once('error', reject);
  });
  req.flushHeaders();
  return { received, answered, finish: () => void req.end(body) };
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
  await waitForReady(port);
  // A request in flight when the signal arrives still gets its answer.
  const page = requestInFlight({ host: '127.0.0.1', port, path: '/' });
  await page.received;
  page.finish();
  const started = Date.now();
  s.child.kill('SIGTERM');
  expect(await s.exited).toBe(0);
  expect(Date.now() - started).toBeLessThan(5_000);
  expect((await page.answered).status).toBe(200);
});

test('after SIGTERM a client busy on a keep-alive connection is asked to close and does not hold the process', async () => {
  test.setTimeout(90_000);
  const port = 5700 + (process.pid % 500);
  // Logging on: the log says when shutdown has begun.
  const s = startServer({ PORT: String(port), LOG_REQUESTS: 'true' });
  await waitForReady(port);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  // A request whose body is still to come when the signal arrives: its connection is busy, not idle.
  const signUp = requestInFlight(
    {
      host: '127.0.0.1',
      port,
      path: '/api/newsletter',
      method: 'POST',
      agent,
      headers: { 'content-type': 'application/json' },
    },
    JSON.stringify({ email: 'keep.alive@example.com' }),
  );
  await signUp.received;
  const started = Date.now();
  s.child.kill('SIGTERM');
  await waitForOutput(s.child, s.output, 'SIGTERM received, shutting down');
  signUp.finish();
  expect((await signUp.answered).connection).toBe('close');
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

// Payments in production (issue 11, item 2; docs/decisions/0045-demo-provider.md): never the demo provider by accident.
const productionBase = {
  NODE_ENV: 'production',
  PORT: '0',
  SESSION_SECRET: 'p'.repeat(40),
  ADMIN_USERNAME: 'admin',
  ADMIN_PASSWORD: 'process-admin-password',
};
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
  const port = await s.listening();
  expect(s.output()).toContain('WARNING: DEMO PAYMENTS IN PRODUCTION');
  // The page's settings carry the flag the screens' warning reads (tests/unit/demo-payments-warning.test.tsx),
  // on a server-rendered page too: the build is a production build whatever NODE_ENV built it.
  for (const url of ['/buy-lead', '/contractor-pricing']) {
    const res = await fetch(`http://127.0.0.1:${port}${url}`);
    expect(res.status, url).toBe(200);
    expect(await res.text(), url).toContain('"demoInProduction":true');
  }
  expect(await (await fetch(`http://127.0.0.1:${port}/contractor-pricing`)).text()).toContain(
    'This site is not taking real payments',
  );
  s.child.kill('SIGTERM');
  expect(await s.exited).toBe(0);
});

// One process per embedded database folder (issue 11, item 7): a second one would lose the first one's writes.
const testBase = { PORT: '0', LOG_REQUESTS: 'true', SESSION_SECRET: 't'.repeat(40) };

test('a second server on the same DATA_DIR refuses to start, naming the folder and the process holding it; SIGTERM releases the folder', async () => {
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'proc-lock-'));
  const first = startServer({ ...testBase, DATA_DIR: dataDir });
  const port = await first.listening();
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
  await third.listening();
  third.child.kill('SIGTERM');
  expect(await third.exited).toBe(0);
});

test('a lock left by a killed server is taken over', async () => {
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'proc-stale-'));
  const killed = startServer({ ...testBase, DATA_DIR: dataDir });
  await killed.listening();
  killed.child.kill('SIGKILL');
  await killed.exited;
  expect(readFileSync(path.join(dataDir, 'app.lock'), 'utf8').trim()).toBe(String(killed.child.pid));

  const next = startServer({ ...testBase, DATA_DIR: dataDir });
  const port = await next.listening();
  expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
  expect(readFileSync(path.join(dataDir, 'app.lock'), 'utf8').trim()).toBe(String(next.child.pid));
  next.child.kill('SIGTERM');
  expect(await next.exited).toBe(0);
});

test('`npm run dev` beside a running server on the same DATA_DIR says the folder is in use instead of opening it', async () => {
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'proc-dev-'));
  const served = startServer({ ...testBase, DATA_DIR: dataDir });
  await served.listening();
  // detached: its own process group, so the watcher and the server it runs are stopped together.
  const dev = spawn('npm', ['run', 'dev'], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  dev.stdout.on('data', (d) => (output += d));
  dev.stderr.on('data', (d) => (output += d));
  try {
    await waitForOutput(dev, () => output, /is in use by process|listening on/, 90_000);
    expect(output).toContain(`The embedded database in ${dataDir} is in use by process ${served.child.pid}`);
    expect(output).not.toContain('listening on');
  } finally {
    process.kill(-dev.pid!, 'SIGKILL');
  }
  served.child.kill('SIGTERM');
  expect(await served.exited).toBe(0);
});
