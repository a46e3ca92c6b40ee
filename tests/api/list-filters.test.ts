import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, contractorClient } from '../support/admin-session';
import { createContractor } from '../support/factories';
import type { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Every list GET reads its filters one way (parseQuery in server/http/validate.ts, with the list's
 * shared schema): a filter it does not know is a 400 with the same message and the field's error,
 * whichever list it is.
 */
let app: TestApp;
let admin: TestClient;
let contractor: TestClient;

beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT: 'false' });
  admin = await adminClient(app);
  contractor = await contractorClient(app, (await createContractor(app.ctx.db)).id);
});
afterAll(() => app?.close());

const refused = (errors: Record<string, string>) => ({ message: 'Invalid query parameters', errors });

describe('list filters, one way', () => {
  it.each([
    ['/api/admin/contractors?status=bogus', { status: 'status must be all, pending, approved or rejected' }],
    ['/api/admin/photos?status=bogus', { status: 'status must be pending, approved or rejected' }],
    ['/api/admin/listing-changes?status=bogus', { status: 'status must be pending, approved, rejected or withdrawn' }],
    [
      '/api/admin/outbox?status=bogus&page=0',
      { page: 'page must be at least 1', status: 'status must be pending, sent, failed or kept' },
    ],
    ['/api/leads?status=bogus', { status: 'Unknown status' }],
    ['/api/admin/lead-claims?pageSize=101', { pageSize: 'pageSize must be at most 100' }],
    ['/api/admin/reviews?filter=bogus', { filter: 'filter must be one of all, published, hidden, not_contacted' }],
    ['/api/admin/exports/payments.csv?from=yesterday', { from: 'Use a date like 2026-11-01' }],
  ])('an administrator: GET %s is a 400', async (path, errors) => {
    const res = await admin.get(path);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(refused(errors));
  });

  it("a contractor's own reviews, by page", async () => {
    expect((await contractor.get('/api/contractor/reviews?page=x')).body).toEqual(
      refused({ page: 'page must be a number' }),
    );
    expect((await contractor.get('/api/contractor/reviews?page=1')).status).toBe(200);
  });

  it('a public list', async () => {
    const res = await app.client().get('/api/contractors?page=0&pageSize=1000');
    expect(res.status).toBe(400);
    expect(res.body).toEqual(refused({ page: 'page must be at least 1', pageSize: 'pageSize must be at most 48' }));
  });

  it('the filters it knows are answered', async () => {
    for (const path of [
      '/api/admin/contractors?status=pending',
      '/api/admin/photos?status=approved',
      '/api/admin/listing-changes?status=withdrawn',
      '/api/admin/lead-claims?status=all&pageSize=100',
    ]) {
      expect((await admin.get(path)).status, path).toBe(200);
    }
  });
});
