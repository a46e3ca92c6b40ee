import { spawn } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync } from 'node:fs';
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
    const req = http.request({ host: '127.0.0.1', port, path: '/api/newsletter', method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
      res.resume();
      res.on('end', () => resolve(String(res.headers.connection)));
    });
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
