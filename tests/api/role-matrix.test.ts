import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, contractorClient } from '../support/admin-session';
import { createContractor } from '../support/factories';
import type { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Every protected endpoint against every kind of caller (docs/decisions.md §1.7): the server enforces
 * roles itself, whatever the browser shows.
 */
const ADMIN_ONLY: [method: string, path: string, body?: unknown][] = [
  ['GET', '/api/admin/stats'],
  ['GET', '/api/admin/contractors'],
  ['GET', '/api/admin/contractors/1/stats'],
  ['PATCH', '/api/admin/contractors/1/approval', { status: 'approved' }],
  ['PATCH', '/api/admin/contractors/1/visibility', { isVisible: true }],
  ['POST', '/api/admin/contractors/1/setup-code'],
  ['POST', '/api/admin/contractors/1/verify'],
  ['POST', '/api/admin/contractors/1/unverify'],
  ['GET', '/api/admin/outbox'],
  ['GET', '/api/admin/outbox/1'],
  ['GET', '/api/leads'],
  ['GET', '/api/pricing-rules'],
  ['POST', '/api/pricing-rules', { ruleType: 'global', leadPrice: '30.00', priority: 0, isActive: false }],
  ['PATCH', '/api/pricing-rules/1', { isActive: true }],
  ['POST', '/api/lead-deliveries', { leadId: 999999, contractorId: 1 }],
  ['POST', '/api/lead-deliveries/999999/pay'],
  ['GET', '/api/contractors/1/lead-deliveries'],
  ['POST', '/api/lead-deliveries/999999/cancel'],
  ['GET', '/api/admin/lead-claims'],
  ['GET', '/api/admin/lead-claims/999999'],
  ['POST', '/api/admin/lead-claims/999999/approve', { note: 'Checked.' }],
  ['POST', '/api/admin/lead-claims/999999/deny', { note: 'Not bad.' }],
  ['GET', '/api/admin/reviews'],
  ['POST', '/api/admin/reviews/999999/hide', { reason: 'abuse' }],
  ['POST', '/api/admin/reviews/999999/show'],
  ['GET', '/api/admin/credentials/attention'],
  ['GET', '/api/admin/contractors/1/credentials'],
  ['PATCH', '/api/admin/contractors/1/credentials', { insurer: 'Erie Insurance' }],
  ['POST', '/api/admin/contractors/1/credentials/registration/verify', { how: 'Checked on the lookup' }],
  ['POST', '/api/admin/contractors/1/credentials/insurance/unverify', {}],
  ['GET', '/api/admin/contractors/1/insurance-certificate'],
];

const CONTRACTOR_ONLY: [method: string, path: string, body?: unknown][] = [
  ['GET', '/api/contractor/profile'],
  ['GET', '/api/contractor/leads'],
  ['GET', '/api/contractor/subscription'],
  ['GET', '/api/contractor/stats'],
  ['PATCH', '/api/contractor/leads/999999/status', { status: 'won' }],
  ['POST', '/api/contractor/leads/999999/claim', { reason: 'duplicate' }],
  ['GET', '/api/contractor/reviews'],
  ['POST', '/api/contractor/reviews/999999/reply', { reply: 'Thank you.' }],
  ['POST', '/api/stripe/create-subscription', { planId: 'pro' }],
  ['GET', '/api/contractor/credentials'],
  ['PATCH', '/api/contractor/credentials', { insurer: 'Erie Insurance' }],
  ['GET', '/api/contractor/insurance-certificate'],
];

let app: TestApp;
let anonymous: TestClient;
let admin: TestClient;
let contractor: TestClient;

beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT: 'false' });
  anonymous = app.client();
  admin = await adminClient(app);
  contractor = await contractorClient(app, (await createContractor(app.ctx.db)).id);
});
afterAll(() => app?.close());

describe('admin endpoints', () => {
  it.each(ADMIN_ONLY)('%s %s: 401 anonymous, 403 contractor, allowed for the admin', async (method, path, body) => {
    const anon = await anonymous.request(method, path, body);
    expect(anon.status).toBe(401);
    expect(anon.body.message).toBeTypeOf('string');
    const asContractor = await contractor.request(method, path, body);
    expect(asContractor.status).toBe(403);
    expect(asContractor.body.message).toBeTypeOf('string');
    const asAdmin = await admin.request(method, path, body);
    expect([401, 403]).not.toContain(asAdmin.status);
    expect(asAdmin.status).toBeLessThan(500);
  });
});

describe('contractor endpoints', () => {
  it.each(CONTRACTOR_ONLY)('%s %s: 401 anonymous, 403 admin, allowed for the contractor', async (method, path, body) => {
    expect((await anonymous.request(method, path, body)).status).toBe(401);
    expect((await admin.request(method, path, body)).status).toBe(403);
    const own = await contractor.request(method, path, body);
    expect([401, 403]).not.toContain(own.status);
    expect(own.status).toBeLessThan(500);
  });
});

describe('session checks', () => {
  it('GET /api/admin/check tells each caller the truth', async () => {
    expect((await anonymous.get('/api/admin/check')).body.authenticated).toBe(false);
    expect((await contractor.get('/api/admin/check')).body.authenticated).toBe(false);
    expect((await admin.get('/api/admin/check')).body.authenticated).toBe(true);
  });
});
