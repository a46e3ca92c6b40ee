import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxEmails, setupCodes } from '../../server/db/schema';
import { adminClient, contractorClient } from '../support/admin-session';
import { createContractor } from '../support/factories';
import type { TestClient } from '../support/http-client';
import { awaitingDelivery, deliveryRow } from '../support/payment-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * What every /api request meets before its route (issue 11, items 9, 10 and 12): request bodies
 * in an encoding they are not in, requests sent from another site with the visitor's cookie,
 * and answers that depend on a session kept out of caches.
 */

let app: TestApp;
let admin: TestClient;
beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT: 'false' });
  admin = await adminClient(app);
});
afterAll(() => app?.close());

const FOREIGN = 'https://evil.example';
const lead = {
  name: 'Ann Encoding',
  email: 'ann@example.com',
  phone: '570-555-0100',
  serviceNeeded: 'Roofing',
  location: 'Laporte',
  projectDetails: 'A new metal roof on a two-storey farmhouse.',
  budgetRange: 'Under $5,000',
};

describe('Content-Encoding of request bodies', () => {
  it.each(['gzip', 'deflate', 'br', 'GZIP'])(
    'answers 400 with a JSON message for a plain JSON body labelled %s',
    async (encoding) => {
      const res = await app.client().request('POST', '/api/leads', undefined, {
        raw: JSON.stringify(lead),
        headers: { 'Content-Type': 'application/json', 'Content-Encoding': encoding },
      });
      expect(res.status, res.text).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(res.body).toEqual({
        message: 'The request body could not be decompressed as its Content-Encoding header says',
      });
    },
  );

  it('also on the payment webhook, which reads the raw body', async () => {
    const res = await app.client().request('POST', '/api/stripe/webhook', undefined, {
      raw: '{}',
      headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
    });
    expect(res.status, res.text).toBe(400);
    expect(res.body.message).toMatch(/could not be decompressed/);
  });

  it.each(['compress', 'x-gzip', 'gzip, gzip'])(
    'answers 415 for an encoding the server does not read (%s)',
    async (encoding) => {
      const res = await app.client().request('POST', '/api/leads', undefined, {
        raw: JSON.stringify(lead),
        headers: { 'Content-Type': 'application/json', 'Content-Encoding': encoding },
      });
      expect(res.status).toBe(415);
      expect(res.body).toEqual({ message: 'Unsupported request encoding' });
    },
  );

  it('still reads a body that really is gzipped', async () => {
    const contractorId = (await createContractor(app.ctx.db)).id;
    const body = gzipSync(JSON.stringify({ ...lead, contractorId }));
    const res = await fetch(`${app.url}/api/leads`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
      body,
    });
    expect(res.status, await res.clone().text()).toBe(201);
  });
});

describe('cross-site requests', () => {
  let newcomer: number;
  beforeAll(async () => {
    newcomer = (await createContractor(app.ctx.db, { approvalStatus: 'pending', isVisible: false })).id;
    expect((await admin.patch(`/api/admin/contractors/${newcomer}/approval`, { status: 'approved' })).status).toBe(200);
  });
  const codes = async () => (await app.ctx.db.select().from(setupCodes)).length;
  const mails = async () => (await app.ctx.db.select().from(outboxEmails)).length;
  const setupCode = (headers: Record<string, string>) =>
    admin.request('POST', `/api/admin/contractors/${newcomer}/setup-code`, undefined, { headers });

  it.each([
    ['a foreign Origin', { Origin: FOREIGN }],
    ['a foreign Origin on another port of this host', { Origin: 'http://127.0.0.1:1' }],
    ["the opaque Origin 'null'", { Origin: 'null' }],
    ['Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site (a sibling subdomain)', { 'Sec-Fetch-Site': 'same-site' }],
    ['a foreign Origin with Sec-Fetch-Site: same-origin', { Origin: FOREIGN, 'Sec-Fetch-Site': 'same-origin' }],
  ])('refuses an empty-body POST with the admin cookie and %s: 403, nothing written', async (_name, headers) => {
    const [beforeCodes, beforeMails] = [await codes(), await mails()];
    const res = await setupCode(headers);
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.body).toEqual({
      message: 'This request came from another site and was refused. Please use the site itself.',
    });
    expect([await codes(), await mails()]).toEqual([beforeCodes, beforeMails]);
  });

  it('refuses recording a payment from another site', async () => {
    const { deliveryId } = await awaitingDelivery(app, admin, (await createContractor(app.ctx.db)).id);
    const res = await admin.request('POST', `/api/lead-deliveries/${deliveryId}/pay`, undefined, {
      headers: { Origin: FOREIGN, 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(res.status).toBe(403);
    expect((await deliveryRow(app, deliveryId)).paymentState).toBe('awaiting_payment');
    const own = await admin.request('POST', `/api/lead-deliveries/${deliveryId}/pay`, undefined, {
      headers: { Origin: app.url, 'Sec-Fetch-Site': 'same-origin' },
    });
    expect(own.status, own.text).toBe(200);
    expect((await deliveryRow(app, deliveryId)).paymentState).toBe('paid');
  });

  it.each([
    ['its own Origin', () => ({ Origin: app.url })],
    ['Sec-Fetch-Site: same-origin', () => ({ 'Sec-Fetch-Site': 'same-origin' })],
    ['Sec-Fetch-Site: none (typed by the user)', () => ({ 'Sec-Fetch-Site': 'none' })],
    ['neither header (curl, server to server)', () => ({})],
  ])('lets a POST with %s through', async (_name, headers) => {
    const res = await setupCode(headers());
    expect(res.status, res.text).toBe(200);
  });

  it('lets GET requests from anywhere through (they change nothing)', async () => {
    const res = await admin.request('GET', '/api/admin/contractors', undefined, {
      headers: { Origin: FOREIGN, 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(res.status).toBe(200);
    expect(
      (await app.client().request('GET', '/api/contractors', undefined, { headers: { Origin: FOREIGN } })).status,
    ).toBe(200);
  });

  it('guards public forms and sign-in too', async () => {
    expect((await app.client().request('POST', '/api/leads', lead, { headers: { Origin: FOREIGN } })).status).toBe(403);
    expect(
      (
        await app
          .client()
          .request(
            'POST',
            '/api/admin/login',
            { username: 'a', password: 'b' },
            { headers: { 'Sec-Fetch-Site': 'cross-site' } },
          )
      ).status,
    ).toBe(403);
  });

  it('keeps the payment webhook working: it carries no Origin', async () => {
    const res = await app.client().request('POST', '/api/stripe/webhook', undefined, {
      raw: '{}',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).not.toBe(403);
  });
});

describe('the site origin behind a proxy or at its public address', () => {
  let proxied: TestApp;
  let published: TestApp;
  beforeAll(async () => {
    proxied = await startTestApp({ RATE_LIMIT: 'false', TRUST_PROXY: 'true' });
    published = await startTestApp({ RATE_LIMIT: 'false', PUBLIC_URL: 'https://contractors.example.org' });
  });
  afterAll(async () => {
    await proxied?.close();
    await published?.close();
  });
  const logout = (a: TestApp, headers: Record<string, string>) =>
    a.client().request('POST', '/api/admin/logout', undefined, { headers });

  it('with TRUST_PROXY, takes the scheme and host the proxy reports', async () => {
    const forwarded = { 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'contractors.example.org' };
    expect((await logout(proxied, { ...forwarded, Origin: 'https://contractors.example.org' })).status).toBe(200);
    expect((await logout(proxied, { ...forwarded, Origin: 'http://contractors.example.org' })).status).toBe(403);
    expect((await logout(proxied, { ...forwarded, Origin: FOREIGN })).status).toBe(403);
  });

  it('without TRUST_PROXY, ignores forwarded headers', async () => {
    const forwarded = { 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'evil.example' };
    expect((await logout(app, { ...forwarded, Origin: FOREIGN })).status).toBe(403);
    expect((await logout(app, { ...forwarded, Origin: app.url })).status).toBe(200);
  });

  it('accepts PUBLIC_URL as the site origin', async () => {
    expect((await logout(published, { Origin: 'https://contractors.example.org' })).status).toBe(200);
    expect((await logout(published, { Origin: published.url })).status).toBe(200);
    expect((await logout(published, { Origin: 'https://contractors.example.org.evil.example' })).status).toBe(403);
  });
});

describe('caching of answers that depend on a session', () => {
  it('marks admin, portal, outbox and sign-in answers no-store', async () => {
    const contractor = await contractorClient(app, (await createContractor(app.ctx.db)).id);
    const answers = [
      await admin.get('/api/admin/check'),
      await admin.get('/api/admin/contractors'),
      await admin.get('/api/admin/outbox'),
      await admin.get('/api/admin/stats'),
      await admin.get('/api/leads'),
      await admin.get('/api/pricing-rules'),
      await contractor.get('/api/contractor/profile'),
      await contractor.get('/api/contractor/leads'),
      await contractor.get('/api/contractor/subscription'),
      await app.client().get('/api/admin/check'),
      await app.client().get('/api/admin/outbox'),
      await app.client().post('/api/admin/login', { username: 'nobody', password: 'wrong-password' }),
    ];
    // The outbox holds the welcome email with its setup code.
    const [message] = (await admin.get('/api/admin/outbox')).body.items;
    answers.push(await admin.get(`/api/admin/outbox/${message.id}`));
    for (const res of answers)
      expect(res.headers.get('cache-control'), `${res.status} ${res.text.slice(0, 80)}`).toBe('no-store');
  });

  it('leaves public directory answers cacheable', async () => {
    expect((await app.client().get('/api/contractors')).headers.get('cache-control')).not.toBe('no-store');
  });
});
