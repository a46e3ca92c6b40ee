import express, { Router } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { forAnyone, requireAdmin } from '../../server/http/auth';
import { adminClient, contractorClient } from '../support/admin-session';
import { createContractor } from '../support/factories';
import type { TestClient } from '../support/http-client';
import { routeTable, type RouteEntry } from '../support/route-table';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Every route under /api, found by walking the app's router, against every kind of caller
 * (docs/decisions/0008-accounts-and-sessions.md): each carries exactly one guard saying who it is
 * for, and the server enforces it whatever the browser shows. A new route without a guard fails
 * here.
 */

let app: TestApp;
let anonymous: TestClient;
let admin: TestClient;
let contractor: TestClient;
let routes: RouteEntry[];

beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT: 'false' });
  anonymous = app.client();
  admin = await adminClient(app);
  contractor = await contractorClient(app, (await createContractor(app.ctx.db)).id);
  routes = routeTable(createApp({ ctx: app.ctx, sessionSecret: app.ctx.env.SESSION_SECRET! })).filter((r) =>
    r.path.startsWith('/api/'),
  );
});
afterAll(() => app?.close());

/** Contractor routes that end every session of the caller's account (docs/decisions/0108-contractor-password-reset.md). */
const ENDS_SESSIONS = ['POST /api/contractor/logout-everywhere'];

/** An address of the route: every parameter an id that exists nowhere. */
const addressOf = (path: string) => path.replace(/:(\w+)/g, '999999');
const label = (r: RouteEntry) => `${r.method} ${r.path}`;
const request = (client: TestClient, r: RouteEntry) =>
  client.request(r.method, addressOf(r.path), r.method === 'GET' || r.method === 'HEAD' ? undefined : {});

describe('the route table', () => {
  it('is read from the router: every API route, the outbox resend, the certificate and photo uploads among them', () => {
    const names = routes.map(label);
    expect(routes.length).toBeGreaterThan(70);
    expect(names).toEqual(
      expect.arrayContaining([
        'POST /api/admin/outbox/:id/resend',
        'POST /api/admin/contractors/:id/insurance-certificate',
        'POST /api/contractor/insurance-certificate',
        'POST /api/contractors/submit/certificate',
        'POST /api/contractor/photos',
        'POST /api/admin/photos/:id/reject',
        'GET /api/contractors/search',
        'POST /api/admin/login',
        ...ENDS_SESSIONS,
      ]),
    );
  });

  it('finds a route without a guard, and one with two', () => {
    const probe = express();
    const router = Router();
    router.get('/unguarded', (_req, res) => res.end());
    router.get('/twice', requireAdmin(app.ctx), forAnyone, (_req, res) => res.end());
    probe.use('/api', router);
    expect(routeTable(probe)).toEqual([
      { method: 'GET', path: '/api/unguarded', roles: [] },
      { method: 'GET', path: '/api/twice', roles: ['admin', 'anyone'], admin: {} },
    ]);
  });

  it('gives every route exactly one guard', () => {
    const wrong = routes
      .filter((r) => r.roles.length !== 1)
      .map((r) => `${label(r)}: ${r.roles.join(', ') || 'no guard'}`);
    expect(wrong).toEqual([]);
  });
});

describe('each guard against every caller', () => {
  it('admin routes: 401 anonymous, 403 contractor, let the admin through', async () => {
    const admins = routes.filter((r) => r.roles[0] === 'admin');
    expect(admins.length).toBeGreaterThan(30);
    for (const r of admins) {
      const anon = await request(anonymous, r);
      expect(anon.status, label(r)).toBe(401);
      expect(anon.body.message, label(r)).toBeTypeOf('string');
      expect((await request(contractor, r)).status, label(r)).toBe(403);
      const own = await request(admin, r);
      expect([401, 403], label(r)).not.toContain(own.status);
      expect(own.status, label(r)).toBeLessThan(500);
    }
  });

  it('contractor routes: 401 anonymous, 403 admin, let the contractor through', async () => {
    const contractors = routes.filter((r) => r.roles[0] === 'contractor');
    expect(contractors.length).toBeGreaterThan(10);
    for (const r of contractors) {
      expect((await request(anonymous, r)).status, label(r)).toBe(401);
      expect((await request(admin, r)).status, label(r)).toBe(403);
      // A route that ends the caller's sessions gets a contractor of its own, so the others keep theirs.
      const caller = ENDS_SESSIONS.includes(label(r))
        ? await contractorClient(app, (await createContractor(app.ctx.db)).id)
        : contractor;
      const own = await request(caller, r);
      expect([401, 403], label(r)).not.toContain(own.status);
      expect(own.status, label(r)).toBeLessThan(500);
    }
  });

  it('routes for anyone answer an anonymous caller without a server error', async () => {
    const open = routes.filter((r) => r.roles[0] === 'anyone' && !r.path.startsWith('/api/test/'));
    expect(open.length).toBeGreaterThan(15);
    for (const r of open) expect((await request(anonymous, r)).status, label(r)).toBeLessThan(500);
  });
});

describe('session checks', () => {
  it('GET /api/admin/check tells each caller the truth', async () => {
    expect((await anonymous.get('/api/admin/check')).body.authenticated).toBe(false);
    expect((await contractor.get('/api/admin/check')).body.authenticated).toBe(false);
    expect((await admin.get('/api/admin/check')).body.authenticated).toBe(true);
  });
});
