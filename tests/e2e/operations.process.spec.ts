import http from 'node:http';
import { builtinModules } from 'node:module';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { PG_SERVER, spawnApp } from '../support/app-process';
import { waitForOutput } from '../support/process-output';
import { fetchPost, signInWithTwoFactor } from '../support/two-factor';

/**
 * Operating the built server (issue 13, Operating it;
 * docs/decisions/0079-health-and-start-up-failures.md): start-up failures an operator can fix read as
 * one line without a stack; production logs are JSON lines with the request's id, path, status,
 * duration, address and role, and no contact details.
 */

const pgServer = new URL(PG_SERVER);

/** The built server with `env` (test mode, a fresh data folder; tests/support/app-process.ts). */
const startServer = (env: Record<string, string>) => spawnApp(env, { folderPrefix: 'ops-' });

const withDatabase = (user: string, port: string, name: string) => {
  const u = new URL(pgServer);
  u.username = user;
  u.port = port;
  u.pathname = `/${name}`;
  return u.toString();
};
const host = `${pgServer.hostname}:${pgServer.port || 5432}`;

/** Exits 1 with exactly one line of output (a JSON log line outside development), which says `expected`, and no stack. */
async function expectOneLineFailure(env: Record<string, string>, expected: string) {
  const s = startServer(env);
  expect(await s.exited).toBe(1);
  const lines = s.output().trim().split('\n');
  expect(lines, s.output()).toHaveLength(1);
  expect(s.output()).not.toMatch(/^\s+at /m);
  if (env.NODE_ENV === 'development') {
    expect(lines[0]).toContain(`ERROR: ${expected}`);
  } else {
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 'error', msg: expect.stringContaining(expected) });
  }
}

test.describe('start-up failures read as one clear line', () => {
  test('database unreachable', async () => {
    await expectOneLineFailure(
      { DATABASE_URL: withDatabase('postgres', '1', 'contractors') },
      `Cannot reach the PostgreSQL server at ${pgServer.hostname}:1 (connection refused): check that it is running and that DATABASE_URL names the right host and port.`,
    );
  });

  test('database missing (in development, a readable line)', async () => {
    await expectOneLineFailure(
      {
        NODE_ENV: 'development',
        DATABASE_URL: withDatabase('postgres', pgServer.port || '5432', 'no_such_database_here'),
      },
      `The database "no_such_database_here" does not exist on the PostgreSQL server at ${host}: create it (createdb no_such_database_here) or correct the name in DATABASE_URL.`,
    );
  });

  test('authentication failed', async () => {
    await expectOneLineFailure(
      { DATABASE_URL: withDatabase('no_such_role_here', pgServer.port || '5432', 'postgres') },
      `The PostgreSQL server at ${host} refused user "no_such_role_here"`,
    );
  });

  test('port in use', async () => {
    test.setTimeout(90_000);
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as net.AddressInfo).port;
    try {
      await expectOneLineFailure(
        { PORT: String(port), ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'operations-admin-password' },
        `Port ${port} on 127.0.0.1 is already in use by another process: stop that process or set PORT to a free port.`,
      );
    } finally {
      taken.close();
    }
  });

  test('in production the line is a JSON log line', async () => {
    const s = startServer({
      NODE_ENV: 'production',
      SESSION_SECRET: 'p'.repeat(40),
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'operations-admin-password',
      PAYMENTS: 'demo',
      DATABASE_URL: withDatabase('postgres', '1', 'contractors'),
    });
    expect(await s.exited).toBe(1);
    const lines = s
      .output()
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { level: string; msg: string });
    expect(lines.filter((l) => l.level === 'error')).toEqual([
      expect.objectContaining({ msg: expect.stringContaining('Cannot reach the PostgreSQL server') }),
    ]);
  });
});

test('production logs are JSON lines with the request id, method, path, status, duration, address and role, and no contact details', async () => {
  test.setTimeout(90_000);
  const admin = { username: 'admin', password: 'operations-admin-password' };
  const s = startServer({
    NODE_ENV: 'production',
    SESSION_SECRET: 'p'.repeat(40),
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    PAYMENTS: 'demo',
    ALLOW_PLAIN_HTTP: 'true',
  });
  const base = `http://127.0.0.1:${await s.listening()}`;

  const page = await fetch(
    `${base}/search?q=${encodeURIComponent('jo.homeowner@example.com 570-555-0177')}&service=roofing`,
    { headers: { 'X-Request-Id': 'edge-42' } },
  );
  expect(page.status).toBe(200);
  expect(page.headers.get('x-request-id')).toBe('edge-42');
  // Production requires two-factor sign-in (docs/decisions/0109-admin-two-factor.md): set up here at the first sign-in.
  const jar = { cookie: '' };
  await signInWithTwoFactor(fetchPost(base, jar), admin, {});
  const { cookie } = jar;
  const contractors = await fetch(`${base}/api/admin/contractors`, { headers: { cookie } });
  expect(contractors.status).toBe(200);
  const generatedId = contractors.headers.get('x-request-id');
  expect(generatedId).toMatch(/^[0-9a-f-]{36}$/);
  // Each request's line is written as its answer ends; this one's is the last.
  await waitForOutput(s.child, s.output, `"reqId":"${generatedId}"`);
  s.child.kill('SIGTERM');
  expect(await s.exited).toBe(0);

  const lines = s
    .output()
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  expect(lines.find((l) => l.reqId === 'edge-42')).toMatchObject({
    level: 'info',
    method: 'GET',
    path: '/search?q=[email]%20[phone]&service=roofing',
    status: 200,
    address: '127.0.0.1',
    role: 'anonymous',
  });
  expect(lines.find((l) => l.reqId === generatedId)).toMatchObject({
    method: 'GET',
    path: '/api/admin/contractors',
    status: 200,
    role: 'admin',
  });
  for (const l of lines.filter((l) => l.reqId)) expect(typeof l.durationMs).toBe('number');
  expect(s.output()).not.toMatch(/jo\.homeowner|555-0177|operations-admin-password/);
});

test("a first start on an empty folder unpacks the build's database image instead of running initdb, and a later start keeps the database", async () => {
  test.setTimeout(60_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ops-image-'));
  const env = {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    SESSION_SECRET: 'i'.repeat(40),
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: 'image-admin-password',
    PAYMENTS: 'demo',
    ALLOW_PLAIN_HTTP: 'true',
  };
  for (const [round, expected] of [
    ['first', true],
    ['later', false],
  ] as const) {
    const s = startServer(env);
    const base = `http://127.0.0.1:${await s.listening()}`;
    expect((await fetch(`${base}/api/health/ready`)).status, round).toBe(200);
    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
    expect(
      s.output().includes("created the embedded database from the build's image"),
      `${round} start:\n${s.output()}`,
    ).toBe(expected);
  }
  expect(readdirSync(dataDir)).not.toContain('.image-unpacking');
});

/** GET over `agent`: the status, the Keep-Alive header and whether an idle pooled connection carried it. */
function getOver(
  agent: http.Agent,
  url: string,
): Promise<{ status: number; keepAlive: string | undefined; reusedSocket: boolean }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent }, (res) => {
      res.resume();
      res.on('end', () =>
        resolve({
          status: res.statusCode!,
          keepAlive: res.headers['keep-alive']?.toString(),
          reusedSocket: req.reusedSocket,
        }),
      );
    });
    req.on('error', reject);
  });
}

test('an idle connection is kept longer than a proxy keeps its own (65 s), so a proxy never sends a request down one the app is closing', async () => {
  test.setTimeout(60_000);
  const s = startServer({
    NODE_ENV: 'production',
    SESSION_SECRET: 'k'.repeat(40),
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: 'keep-alive-admin-password',
    PAYMENTS: 'demo',
    ALLOW_PLAIN_HTTP: 'true',
  });
  const base = `http://127.0.0.1:${await s.listening()}`;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const first = await getOver(agent, `${base}/api/health/live`);
    expect(first).toMatchObject({ status: 200, keepAlive: 'timeout=65', reusedSocket: false });
    // Past Node's default of 5 s, the connection is still there to reuse.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(await getOver(agent, `${base}/api/health/live`)).toMatchObject({ status: 200, reusedSocket: true });
  } finally {
    agent.destroy();
    s.child.kill('SIGTERM');
  }
  expect(await s.exited).toBe(0);
});

test('the built server and page renderer import only production dependencies (the container installs no others)', () => {
  const dist = path.resolve(process.env.DIST_DIR ?? 'dist');
  const files = [
    path.join(dist, 'server/index.js'),
    ...readdirSync(path.join(dist, 'ssr'), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.js'))
      .map((f) => path.join(dist, 'ssr', f)),
  ];
  // What `npm ci --omit=dev` installs: every package of the lock not marked dev (dependencies and theirs).
  const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
    packages: Record<string, { dev?: boolean; devOptional?: boolean }>;
  };
  const production = new Set(
    Object.entries(lock.packages)
      .filter(
        ([key, p]) =>
          key.startsWith('node_modules/') && !key.slice(13).includes('/node_modules/') && !p.dev && !p.devOptional,
      )
      .map(([key]) => key.slice(13)),
  );
  const imported = new Set<string>();
  // A package name holds no space or comma: the UI's own text ("Towns you take requests from", then a prop) is no import.
  for (const file of files) {
    for (const m of readFileSync(file, 'utf8').matchAll(
      /(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"'./\s,][^"'\s,]*)["']/g,
    )) {
      const spec = m[1]!;
      if (spec.startsWith('node:') || builtinModules.includes(spec)) continue;
      imported.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!);
    }
  }
  expect(imported.size).toBeGreaterThan(10);
  expect([...imported].filter((name) => !production.has(name))).toEqual([]);
  expect(production.has('pino-pretty')).toBe(false);
});
