import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { pgAdmin, pgDatabaseUrl, startApp } from '../support/app-process';
import { signInWithTwoFactor, type TotpDevice } from '../support/two-factor';

/**
 * Several app processes on one PostgreSQL database behave as one (issue 13;
 * docs/decisions/0077-several-app-processes.md): two built servers start together on an empty
 * database and both come up with one migrating; a session started on one works on the other; a
 * change made through one (approve, hide, a price rule) is seen by the next request to the other,
 * whose directory was read just before; form limits and sign-in throttles count across both. Needs
 * the local PostgreSQL server.
 */

const dbName = `instances_${process.pid}_${randomBytes(3).toString('hex')}`;
const databaseUrl = pgDatabaseUrl(dbName);
const ADMIN = { username: 'admin', password: 'two instances, one database' };

interface Instance {
  name: string;
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

/** The built server in production posture (demo payments, sign-in over http on this private loopback). */
async function startInstance(name: string): Promise<Instance> {
  const app = await startApp(
    {
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: 'shared-by-every-instance-'.padEnd(48, 'x'),
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      PAYMENTS: 'demo',
      ALLOW_PLAIN_HTTP: 'true',
    },
    { folderPrefix: 'instances-' },
  );
  return { name, ...app };
}

/** Like a browser: keeps the session cookie, whichever instance answers. */
class Visitor {
  cookie = '';
  async call(instance: Instance, method: string, url: string, body?: unknown) {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (this.cookie) headers.Cookie = this.cookie;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(instance.url + url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    });
    const sid = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
    if (sid) this.cookie = sid.split(';')[0]!;
    const text = await res.text();
    let json: any = null;
    try {
      json = JSON.parse(text);
    } catch {
      // A page.
    }
    return { status: res.status, body: json, text };
  }
}

function leadInput(contractorId: number) {
  return {
    name: 'Pat Homeowner',
    email: 'pat@example.com',
    phone: '(570) 555-0102',
    serviceNeeded: 'Roofing',
    location: 'Dushore, PA',
    projectDetails: 'A new roof on a two-storey farmhouse before winter.',
    budgetRange: '$10,000 - $25,000',
    contractorId,
  };
}

test.describe.configure({ mode: 'serial' });

/** The administrator's authenticator, set up at its first sign-in: production requires two-factor sign-in (docs/decisions/0109-admin-two-factor.md). */
const device: { current?: TotpDevice } = {};

let a: Instance;
let b: Instance;

test.beforeAll(async () => {
  await pgAdmin(`create database ${dbName}`);
});

test.afterAll(async () => {
  for (const i of [a, b]) {
    if (i && i.child.exitCode === null) {
      i.child.kill('SIGTERM');
      await i.exited;
    }
  }
  await pgAdmin(`drop database if exists ${dbName} with (force)`);
});

test('two instances starting at once on an empty database both come up; one migrates, the other finds the schema up to date', async () => {
  test.setTimeout(120_000);
  [a, b] = await Promise.all([startInstance('A'), startInstance('B')]);
  for (const i of [a, b]) {
    const ready = await fetch(`${i.url}/api/health/ready`);
    expect(ready.status, i.name).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ok', checks: { database: 'ok', migrations: 'ok' } });
  }
  const migrated = [a, b].filter((i) => /migrated the database: applied \d+ migrations/.test(i.output()));
  const upToDate = [a, b].filter((i) => i.output().includes('the database schema is up to date'));
  // For the record (the closing note): what each instance said while starting.
  for (const i of [a, b]) {
    for (const line of i.output().split('\n')) {
      const msg = /"msg":"([^"]*(?:migrat|schema|start-up lock|listening)[^"]*)"/.exec(line)?.[1];
      if (msg) console.log(`${i.name}: ${msg}`);
    }
  }
  expect(migrated).toHaveLength(1);
  expect(upToDate).toHaveLength(1);
  for (const i of [a, b]) expect(i.output(), i.name).not.toMatch(/"level":"error"|already exists/);

  // Every migration applied once.
  const journal = JSON.parse(
    readFileSync(path.resolve(process.env.DIST_DIR ?? 'dist', 'migrations/meta/_journal.json'), 'utf8'),
  ) as { entries: unknown[] };
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ n: string; distinct: string }>(
    'select count(*) as n, count(distinct created_at) as distinct from drizzle.__drizzle_migrations',
  );
  const admins = await client.query<{ n: string }>('select count(*) as n from admin_users');
  await client.end();
  expect(rows[0]).toEqual({ n: String(journal.entries.length), distinct: String(journal.entries.length) });
  expect(admins.rows[0]!.n).toBe('1');
});

test('a session started on one instance works on the other, and signing out on either ends it on both', async () => {
  const browser = new Visitor();
  await signInWithTwoFactor((p, body) => browser.call(a, 'POST', p, body), ADMIN, device);
  expect((await browser.call(b, 'GET', '/api/admin/check')).body).toMatchObject({ authenticated: true });
  expect((await browser.call(b, 'GET', '/api/admin/contractors')).status).toBe(200);
  expect((await browser.call(b, 'POST', '/api/admin/logout')).status).toBe(200);
  expect((await browser.call(a, 'GET', '/api/admin/check')).body).toMatchObject({ authenticated: false });
  expect((await browser.call(a, 'GET', '/api/admin/contractors')).status).toBe(401);
});

test('approve, hide and a price rule made through one instance are seen by the next request to the other', async () => {
  const adminBrowser = new Visitor();
  await signInWithTwoFactor((p, body) => adminBrowser.call(b, 'POST', p, body), ADMIN, device);
  const visitor = new Visitor();
  const name = `Two Instance Builders ${randomBytes(2).toString('hex')}`;
  const submitted = await visitor.call(a, 'POST', '/api/contractors/submit', {
    name,
    email: 'owner@two-instances.example',
    phone: '(570) 555-0101',
    website: '',
    address: '1 Main Street',
    city: 'Dushore',
    zip: '18614',
    description: 'Builders used to check that two app processes agree about the directory.',
    yearsInBusiness: '5',
    licenseNumber: 'PA100200',
    insuranceInfo: 'General liability $1M',
    projectGalleryUrl: '',
    services: ['Roofing'],
  });
  expect(submitted.status, submitted.text).toBe(201);
  const id = submitted.body.id as number;

  // A reads (and caches) the directory while the listing is pending.
  const listed = async (i: Instance) => {
    const res = await visitor.call(i, 'GET', '/api/contractors?service=roofing&sort=name&pageSize=48');
    return {
      total: res.body.total as number,
      has: (res.body.contractors as { id: number }[]).some((c) => c.id === id),
    };
  };
  expect((await visitor.call(a, 'GET', `/api/contractors/${id}`)).status).toBe(404);
  const before = await listed(a);
  expect(before.has).toBe(false);

  // Approved through B: A's next answers show it.
  expect(
    (await adminBrowser.call(b, 'PATCH', `/api/admin/contractors/${id}/approval`, { status: 'approved' })).status,
  ).toBe(200);
  expect((await visitor.call(a, 'GET', `/api/contractors/${id}`)).body).toMatchObject({ id, name });
  expect(await listed(a)).toEqual({ total: before.total + 1, has: true });
  expect((await visitor.call(a, 'GET', `/contractor/${id}`)).status).toBe(200);

  // Hidden through A (B read it first): B's next answers hide it, the server-rendered page too.
  expect((await visitor.call(b, 'GET', `/api/contractors/${id}`)).status).toBe(200);
  expect((await listed(b)).has).toBe(true);
  expect(
    (await adminBrowser.call(a, 'PATCH', `/api/admin/contractors/${id}/visibility`, { isVisible: false })).status,
  ).toBe(200);
  expect((await visitor.call(b, 'GET', `/api/contractors/${id}`)).status).toBe(404);
  expect(await listed(b)).toEqual(before);
  expect((await visitor.call(b, 'GET', `/contractor/${id}`)).status).toBe(404);
  expect(
    (await adminBrowser.call(b, 'PATCH', `/api/admin/contractors/${id}/visibility`, { isVisible: true })).status,
  ).toBe(200);
  expect((await visitor.call(a, 'GET', `/api/contractors/${id}`)).status).toBe(200);

  // A price rule made through A prices the next quote request that B takes.
  const rule = await adminBrowser.call(a, 'POST', '/api/pricing-rules', {
    ruleType: 'contractor',
    ruleValue: String(id),
    leadPrice: '61.50',
    priority: 50,
  });
  expect(rule.status).toBe(201);
  const statsBefore = (await adminBrowser.call(a, 'GET', '/api/admin/stats')).body as {
    totalLeads: number;
    activePricingRules: number;
  };
  const lead = await visitor.call(b, 'POST', '/api/leads', leadInput(id));
  expect(lead.status, lead.text).toBe(201);
  const leads = await adminBrowser.call(a, 'GET', '/api/leads');
  expect(leads.body.leads.find((l: { id: number }) => l.id === lead.body.id)).toMatchObject({ leadPrice: '61.50' });
  // The admin's counts on A include the lead B took.
  expect((await adminBrowser.call(a, 'GET', '/api/admin/stats')).body).toMatchObject({
    totalLeads: statsBefore.totalLeads + 1,
    activePricingRules: statsBefore.activePricingRules,
  });
  // And switched off through B, the next lead A takes is back on the default price.
  expect((await adminBrowser.call(b, 'PATCH', `/api/pricing-rules/${rule.body.id}`, { isActive: false })).status).toBe(
    200,
  );
  const next = await visitor.call(a, 'POST', '/api/leads', leadInput(id));
  expect(next.status).toBe(201);
  const after = await adminBrowser.call(b, 'GET', '/api/leads');
  expect(after.body.leads.find((l: { id: number }) => l.id === next.body.id).leadPrice).toMatch(/^\d+\.\d\d$/);
  expect(after.body.leads.find((l: { id: number }) => l.id === next.body.id).leadPrice).not.toBe('61.50');
});

test('form limits and sign-in throttles count across instances', async () => {
  // Newsletter sign-ups: 10 an hour from one address, whichever instance takes them.
  const visitor = new Visitor();
  for (let n = 0; n < 10; n++) {
    const res = await visitor.call(n % 2 ? b : a, 'POST', '/api/newsletter', { email: `reader${n}@example.com` });
    expect(res.status, `sign-up ${n + 1}`).toBe(201);
  }
  expect((await visitor.call(a, 'POST', '/api/newsletter', { email: 'reader10@example.com' })).status).toBe(429);
  expect((await visitor.call(b, 'POST', '/api/newsletter', { email: 'reader11@example.com' })).status).toBe(429);

  // Five wrong passwords for one account, spread over both: the sixth try is refused by either.
  const guesser = new Visitor();
  for (let n = 0; n < 5; n++) {
    const res = await guesser.call(n % 2 ? a : b, 'POST', '/api/admin/login', {
      username: 'office-manager',
      password: `wrong guess ${n}`,
    });
    expect(res.status, `guess ${n + 1}`).toBe(401);
  }
  expect(
    (await guesser.call(a, 'POST', '/api/admin/login', { username: 'office-manager', password: 'wrong guess 5' }))
      .status,
  ).toBe(429);
  expect(
    (await guesser.call(b, 'POST', '/api/admin/login', { username: 'office-manager', password: 'wrong guess 6' }))
      .status,
  ).toBe(429);
});
