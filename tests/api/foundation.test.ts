import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogPosts, contractors, pricingRules, services, towns } from '../../server/db/schema';
import { seedDatabase } from '../../server/db/seed';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

describe('API foundation', () => {
  it('reports health with the database it checked', async () => {
    const res = await app.client().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: process.env.TEST_DATABASE_URL ? 'pg' : 'pglite' });
  });

  it('answers unknown API routes with 404 JSON', async () => {
    const res = await app.client().get('/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.body.message).toMatch(/No API route/);
  });

  it('refuses bodies that are not JSON with 415', async () => {
    const res = await app
      .client()
      .request('POST', '/api/anything', undefined, { headers: { 'Content-Type': 'text/plain' }, raw: 'hello' });
    expect(res.status).toBe(415);
    expect(res.body.message).toMatch(/JSON/);
  });

  it('answers malformed JSON with 400 and no stack trace', async () => {
    const res = await app
      .client()
      .request('POST', '/api/anything', undefined, { headers: { 'Content-Type': 'application/json' }, raw: '{"a":' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'The request body is not valid JSON' });
    expect(res.text).not.toMatch(/at .*\.ts:\d+/);
  });

  it('refuses a body over the size limit with 413', async () => {
    const res = await app.client().request('POST', '/api/anything', undefined, {
      headers: { 'Content-Type': 'application/json' },
      raw: JSON.stringify({ x: 'a'.repeat(200_000) }),
    });
    expect(res.status).toBe(413);
    expect(res.body.message).toMatch(/too large/);
  });

  it('sends security headers with a Content-Security-Policy', async () => {
    const res = await app.client().get('/api/health');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('stripe');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-powered-by')).toBeNull();
  });
});

describe('schema and seed', () => {
  const counts = async () => {
    const db = app.ctx.db;
    const [t] = await db.select({ n: count() }).from(towns);
    const [s] = await db.select({ n: count() }).from(services);
    const [c] = await db.select({ n: count() }).from(contractors);
    const [b] = await db.select({ n: count() }).from(blogPosts);
    const [p] = await db.select({ n: count() }).from(pricingRules);
    return { towns: t!.n, services: s!.n, contractors: c!.n, posts: b!.n, rules: p!.n };
  };

  it('seeds the region, at least 12 approved and 2 pending contractors, 4 posts and the default rule', async () => {
    expect(await counts()).toMatchObject({ towns: 9, services: 15, posts: 4, rules: 1 });
    const rows = await app.ctx.db.select().from(contractors);
    expect(rows.filter((c) => c.approvalStatus === 'approved' && c.isVisible).length).toBeGreaterThanOrEqual(12);
    expect(rows.filter((c) => c.approvalStatus === 'pending' && !c.isVisible)).toHaveLength(2);
    expect(new Set(rows.map((c) => c.homeTownId)).size).toBeGreaterThanOrEqual(8);
    const [rule] = await app.ctx.db.select().from(pricingRules);
    expect(rule).toMatchObject({ ruleType: 'global', leadPriceCents: 2500, isActive: true });
  });

  it('is idempotent: seeding again adds nothing', async () => {
    const before = await counts();
    expect(await seedDatabase(app.ctx.db)).toEqual({ content: false });
    expect(await counts()).toEqual(before);
  });
});
