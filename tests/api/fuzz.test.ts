import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, contractorClient } from '../support/admin-session';
import { createContractor } from '../support/factories';
import type { TestClient, TestResponse } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Hostile input against every endpoint (issue 7): generated bodies (also under Content-Encoding
 * headers they do not match, issue 11), query strings and path parameters of every wrong shape.
 * No answer may be a 5xx, every 4xx carries a JSON message, a rejected request writes nothing,
 * and memory stays bounded.
 */

type Role = 'anonymous' | 'admin' | 'contractor';
interface Endpoint {
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  role: Role;
  fields?: string[];
  query?: string[];
}

const ENDPOINTS: Endpoint[] = [
  {
    method: 'GET',
    path: '/api/contractors',
    role: 'anonymous',
    query: ['service', 'serviceType', 'location', 'minRating', 'licensed', 'sort', 'page', 'pageSize'],
  },
  {
    method: 'GET',
    path: '/api/contractors/search',
    role: 'anonymous',
    query: ['service', 'serviceType', 'location', 'minRating', 'licensed', 'sort', 'page'],
  },
  { method: 'GET', path: '/api/contractors/:id', role: 'anonymous' },
  { method: 'GET', path: '/api/blog', role: 'anonymous', query: ['page'] },
  { method: 'GET', path: '/api/blog/:id', role: 'anonymous' },
  { method: 'GET', path: '/api/lead-prices', role: 'anonymous', query: ['town', 'service'] },
  {
    method: 'POST',
    path: '/api/leads',
    role: 'anonymous',
    fields: [
      'name',
      'email',
      'phone',
      'serviceNeeded',
      'location',
      'projectDetails',
      'budgetRange',
      'contractorId',
      'companyFax',
    ],
  },
  { method: 'POST', path: '/api/newsletter', role: 'anonymous', fields: ['email', 'companyFax'] },
  { method: 'POST', path: '/api/newsletter/unsubscribe', role: 'anonymous', fields: ['token'] },
  {
    method: 'POST',
    path: '/api/contractors/submit',
    role: 'anonymous',
    fields: [
      'name',
      'email',
      'phone',
      'website',
      'address',
      'city',
      'state',
      'zip',
      'description',
      'yearsInBusiness',
      'licenseNumber',
      'insuranceInfo',
      'projectGalleryUrl',
      'services',
      'approvalStatus',
      'isVisible',
      'rating',
    ],
  },
  { method: 'POST', path: '/api/admin/login', role: 'anonymous', fields: ['username', 'password'] },
  { method: 'POST', path: '/api/contractor/login', role: 'anonymous', fields: ['email', 'password'] },
  { method: 'POST', path: '/api/contractor/setup', role: 'anonymous', fields: ['email', 'token', 'password'] },
  { method: 'GET', path: '/api/admin/contractors', role: 'admin', query: ['search', 'status'] },
  {
    method: 'PATCH',
    path: '/api/admin/contractors/:id/approval',
    role: 'admin',
    fields: ['status', 'rejectionReason'],
  },
  { method: 'PATCH', path: '/api/admin/contractors/:id/visibility', role: 'admin', fields: ['isVisible'] },
  { method: 'POST', path: '/api/admin/contractors/:id/setup-code', role: 'admin' },
  { method: 'GET', path: '/api/admin/outbox', role: 'admin', query: ['page', 'pageSize'] },
  { method: 'GET', path: '/api/admin/outbox/:id', role: 'admin' },
  { method: 'GET', path: '/api/admin/stats', role: 'admin' },
  { method: 'GET', path: '/api/admin/contractors/:id/stats', role: 'admin' },
  { method: 'GET', path: '/api/leads', role: 'admin', query: ['status', 'page', 'pageSize'] },
  { method: 'GET', path: '/api/pricing-rules', role: 'admin' },
  {
    method: 'POST',
    path: '/api/pricing-rules',
    role: 'admin',
    fields: ['ruleType', 'ruleValue', 'leadPrice', 'priority', 'isActive'],
  },
  {
    method: 'PATCH',
    path: '/api/pricing-rules/:id',
    role: 'admin',
    fields: ['ruleType', 'ruleValue', 'leadPrice', 'priority', 'isActive'],
  },
  { method: 'POST', path: '/api/lead-deliveries', role: 'admin', fields: ['leadId', 'contractorId'] },
  { method: 'POST', path: '/api/lead-deliveries/:id/pay', role: 'admin' },
  { method: 'GET', path: '/api/contractors/:id/lead-deliveries', role: 'admin' },
  { method: 'GET', path: '/api/contractor/profile', role: 'contractor' },
  { method: 'GET', path: '/api/contractor/leads', role: 'contractor' },
  { method: 'GET', path: '/api/contractor/stats', role: 'contractor' },
  { method: 'PATCH', path: '/api/contractor/leads/:id/status', role: 'contractor', fields: ['status'] },
  // Reviews (docs/decisions/0052-review-answer.md).
  { method: 'GET', path: '/api/contractors/:id/reviews', role: 'anonymous', query: ['page'] },
  { method: 'GET', path: '/api/reviews/invitation', role: 'anonymous', query: ['token'] },
  {
    method: 'POST',
    path: '/api/reviews',
    role: 'anonymous',
    fields: ['token', 'contacted', 'hired', 'rating', 'comment'],
  },
  { method: 'GET', path: '/api/admin/reviews', role: 'admin', query: ['filter', 'page'] },
  { method: 'POST', path: '/api/admin/reviews/:id/hide', role: 'admin', fields: ['reason', 'note'] },
  { method: 'POST', path: '/api/admin/reviews/:id/show', role: 'admin' },
  { method: 'GET', path: '/api/contractor/reviews', role: 'contractor', query: ['page'] },
  { method: 'POST', path: '/api/contractor/reviews/:id/reply', role: 'contractor', fields: ['reply'] },
];

const RUNS_PER_ENDPOINT = Number(process.env.FUZZ_RUNS ?? 360);

// ---- generators

const sqlish = fc.constantFrom(
  "' OR 1=1 --",
  "'; DROP TABLE leads; --",
  '1; select pg_sleep(1)',
  "\\' union select * from admin_users --",
  '%',
  '_',
  '\\',
);
const htmlish = fc.constantFrom(
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}',
  '${7*7}',
);
const numbers = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, 1, 2 ** 31, -(2 ** 31), 2 ** 53, Number.MAX_SAFE_INTEGER, 1e308, -1e308, 0.1 + 0.2),
);
const strings = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.string({ unit: 'binary', maxLength: 50 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\uFFFF',
    '\uD800',
    '🏠🔨',
    'ß'.repeat(20),
    'all',
    'approved',
    'premium',
    'true',
    'null',
    '__proto__',
    'constructor',
  ),
  fc.nat({ max: 200_000 }).map((n) => 'x'.repeat(n % 120_000)),
  sqlish,
  htmlish,
);
const scalar = fc.oneof(strings, numbers, fc.boolean(), fc.constant(null));
const value = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 4 }) },
);

interface Payload {
  raw?: string;
  body?: unknown;
  contentType?: string;
  /** A Content-Encoding the (plain) body is not in, or one the server does not read. */
  contentEncoding?: string;
}

const contentEncoding = fc.option(
  fc.constantFrom('gzip', 'deflate', 'br', 'GZIP', 'identity', 'compress', 'x-gzip', 'gzip, deflate', 'zstd', ''),
  { freq: 4, nil: undefined },
);

function bodyArb(fields: string[]): fc.Arbitrary<Payload> {
  return fc
    .tuple(bodyShapes(fields), contentEncoding)
    .map(([payload, encoding]) => (encoding === undefined ? payload : { ...payload, contentEncoding: encoding }));
}

function bodyShapes(fields: string[]): fc.Arbitrary<Payload> {
  const shaped = fc.record(Object.fromEntries(fields.map((f) => [f, value])), { requiredKeys: [] });
  return fc.oneof(
    { weight: 5, arbitrary: shaped.map((body) => ({ body })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(shaped, fc.dictionary(fc.string({ maxLength: 10 }), value, { maxKeys: 5 }))
        .map(([a, b]) => ({ body: { ...b, ...a } })),
    },
    { weight: 1, arbitrary: fc.anything().map((body) => ({ body })) },
    // JSON.stringify drops __proto__ keys; these bodies carry them as text.
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}',
          '{"__proto__":null}',
          '[{"__proto__":{}}]',
        )
        .map((raw) => ({ raw, contentType: 'application/json' })),
    },
    {
      weight: 1,
      arbitrary: fc.string({ maxLength: 60 }).map((raw) => ({ raw: `{${raw}`, contentType: 'application/json' })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=zz',
            'application/xml',
            'application/json; charset=latin1',
          ),
          fc.string({ maxLength: 80 }),
        )
        .map(([contentType, raw]) => ({ raw: raw || 'a=1', contentType })),
    },
  );
}

/** Percent-encoding of any string (lone surrogates made well-formed first). */
const enc = (s: string) => encodeURIComponent((s as string & { toWellFormed(): string }).toWellFormed());
// Malformed escapes go to the server as they are.
const brokenEscapes = fc.constantFrom('%', '%E0%A4%A', '%ZZ', '%C0%AF', '..%2F..%2Fetc%2Fpasswd', '%00');

const pathParam = fc.oneof(
  fc.integer({ min: -1000, max: 1e12 }).map(String),
  fc.nat({ max: 40 }).map(String),
  strings.map((s) => enc(s.slice(0, 300)) || '%20'),
  brokenEscapes,
);

function queryArb(names: string[]): fc.Arbitrary<string> {
  return fc
    .array(
      fc.tuple(
        fc.oneof(fc.constantFrom(...names), fc.string({ maxLength: 10 })),
        fc.oneof(strings, numbers.map(String)),
      ),
      { maxLength: 6 },
    )
    .chain((pairs) =>
      fc.oneof(
        {
          weight: 5,
          arbitrary: fc.constant(pairs.map(([k, v]) => `${enc(k)}=${enc(String(v).slice(0, 2000))}`).join('&')),
        },
        { weight: 1, arbitrary: brokenEscapes.map((b) => `${names[0]}=${b}&${names[0]}[x]=1`) },
      ),
    );
}

// ---- the app and what "nothing written" means

let app: TestApp;
const clients = {} as Record<Role, TestClient>;

async function fingerprint(): Promise<string> {
  const res = (await app.ctx.db.execute(sql`select
    (select count(*) from leads)::text || '/' || (select coalesce(max(updated_at), 'epoch')::text from leads) as leads,
    (select count(*) from lead_deliveries)::text || '/' || (select coalesce(max(updated_at), 'epoch')::text from lead_deliveries) as deliveries,
    (select count(*) from contractors)::text || '/' || (select coalesce(max(updated_at), 'epoch')::text from contractors) as contractors,
    (select count(*) from contractor_accounts)::text || '/' || (select count(*) from setup_codes)::text as accounts,
    (select count(*) from newsletter_subscribers)::text || '/' || (select coalesce(max(updated_at), 'epoch')::text from newsletter_subscribers) as subscribers,
    (select count(*) from pricing_rules)::text || '/' || (select coalesce(max(updated_at), 'epoch')::text from pricing_rules) as rules,
    (select count(*) from outbox_emails)::text as outbox,
    (select count(*) from reviews)::text || '/' || (select coalesce(max(updated_at), 'epoch')::text from reviews) as reviews`)) as unknown as {
    rows: Record<string, string>[];
  };
  return JSON.stringify(res.rows[0]);
}

beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT: 'false' });
  clients.anonymous = app.client();
  clients.admin = await adminClient(app);
  clients.contractor = await contractorClient(app, (await createContractor(app.ctx.db)).id);
});
afterAll(() => app?.close());

function expectWellFormed(endpoint: Endpoint, res: TestResponse, sent: string) {
  const where = `${endpoint.method} ${sent} -> ${res.status} ${res.text.slice(0, 200)}`;
  expect(res.status, where).toBeLessThan(500);
  if (res.status >= 400) {
    expect(res.headers.get('content-type') ?? '', where).toMatch(/application\/json/);
    expect(typeof (res.body as { message?: unknown })?.message, where).toBe('string');
    expect(res.text, where).not.toMatch(/\bat [\w.<>]+ \(.*:\d+:\d+\)/);
  }
}

/** Live JS heap after a full collection, in MB (workers run with --expose-gc). */
function heapMb(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed / 1024 / 1024;
}

describe('hostile input', () => {
  let total = 0;
  const heap: number[] = [];

  it.each(ENDPOINTS.map((e) => [`${e.method} ${e.path} (${e.role})`, e] as const))('%s', async (_name, endpoint) => {
    const arb = fc.record({
      id: pathParam,
      query: queryArb(endpoint.query ?? ['page']),
      payload: endpoint.method === 'GET' ? fc.constant<Payload>({}) : bodyArb(endpoint.fields ?? ['x']),
    });
    await fc.assert(
      fc.asyncProperty(arb, async ({ id, query, payload }) => {
        const path = endpoint.path.replace(':id', id) + (query ? `?${query}` : '');
        const before = endpoint.method === 'GET' ? null : await fingerprint();
        const res = await clients[endpoint.role].request(endpoint.method, path, payload.body, {
          raw: payload.raw,
          headers: {
            ...(payload.contentType ? { 'Content-Type': payload.contentType } : {}),
            ...(payload.contentEncoding !== undefined ? { 'Content-Encoding': payload.contentEncoding } : {}),
          },
        });
        total++;
        expectWellFormed(endpoint, res, path);
        if (before !== null && res.status >= 400)
          expect(await fingerprint(), `${endpoint.method} ${path} ${res.status} wrote something`).toBe(before);
      }),
      { numRuns: RUNS_PER_ENDPOINT, endOnFailure: true },
    );
    heap.push(heapMb());
  });

  it('sent at least 10,000 requests and the heap stayed bounded', () => {
    expect(total).toBeGreaterThanOrEqual(10_000);
    expect(typeof (globalThis as { gc?: unknown }).gc).toBe('function');
    // After the first endpoints the heap must level off: a leak per request would show as
    // steady growth over the remaining ~9,000 requests.
    const settled = heap[2]!;
    const growth = Math.max(...heap.slice(3)) - settled;
    console.log(`heap after each endpoint (MB): ${heap.map((h) => h.toFixed(0)).join(' ')}`);
    expect(growth).toBeLessThan(48);
  });
});
