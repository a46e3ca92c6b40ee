import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminLeadList } from '@shared/schemas/admin-leads';
import { createApp } from '../../server/app';
import { buildContext } from '../../server/main';
import { openDatabase } from '../../server/db/client';
import { contractors, leadDeliveries, leadListVersions, leads, regions } from '../../server/db/schema';
import { createLogger } from '../../server/logger';
import { addCounty } from '../../server/counties/counties';
import { stampOf } from '../../server/county-answers';
import { adminClient, countyAdminClient } from '../support/admin-session';
import { createContractor } from '../support/factories';
import { requestOnHost } from '../support/host-request';
import { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The admin lead table keeps its pages while their counties are unchanged
 * (docs/decisions/0068-lead-counts-and-index-order.md, "Kept pages"): each kind of write to what
 * the table shows moves the county's version (migrations/0033), so the next answer is the new one,
 * on this instance and on another over the same database; a write in one county leaves another's
 * version, and so its kept pages, alone.
 */

let app: TestApp;
let admin: TestClient;
let requested: { id: number; name: string };
let recipient: { id: number; name: string };
let sullivanId: number;
let wyomingId: number;

const quote = (over: Record<string, unknown> = {}) => ({
  name: 'Pat Kept',
  email: 'pat@example.com',
  phone: '(570) 555-0142',
  serviceNeeded: 'Roofing',
  location: 'Laporte, PA',
  projectDetails: 'A metal roof on a hunting camp.',
  contractorId: requested.id,
  ...over,
});

async function newLead(over: Record<string, unknown> = {}): Promise<number> {
  const res = await app.client().post('/api/leads', quote(over));
  expect(res.status).toBe(201);
  return res.body.id;
}

const list = async (client: TestClient, path = '/api/leads?pageSize=10'): Promise<AdminLeadList> => {
  const res = await client.get(path);
  expect(res.status).toBe(200);
  return res.body;
};

const versions = async () =>
  new Map((await app.ctx.db.select().from(leadListVersions)).map((r) => [r.regionId, Number(r.version)]));

beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT: 'false' });
  await app.ctx.db.delete(leads);
  admin = await adminClient(app);
  requested = await createContractor(app.ctx.db);
  recipient = await createContractor(app.ctx.db);
  await addCounty(app.ctx, 'wyoming');
  const rows = await app.ctx.db
    .select({ id: regions.id, slug: regions.slug })
    .from(regions)
    .where(inArray(regions.slug, ['sullivan', 'wyoming']));
  sullivanId = rows.find((r) => r.slug === 'sullivan')!.id;
  wyomingId = rows.find((r) => r.slug === 'wyoming')!.id;
  for (let i = 0; i < 3; i++) await newLead({ name: `Kept ${i}` });
});
afterAll(() => app?.close());

describe('the kept admin lead table', () => {
  it('answers the same page again, and the new one after each kind of write to what it shows', async () => {
    const before = await list(admin);
    expect(await list(admin)).toEqual(before);
    const top = before.leads[0]!.id;

    const writes: [string, () => Promise<unknown>, (page: AdminLeadList) => unknown][] = [
      ['a new quote request', () => newLead({ name: 'Kept new' }), (p) => p.leads[0]!.name],
      [
        'a delivery',
        async () =>
          expect(
            (await admin.post('/api/lead-deliveries', { leadId: top, contractorId: recipient.id })).text,
          ).toContain('"id"'),
        (p) => p.leads.find((l) => l.id === top)!.delivery?.contractorId,
      ],
      [
        'a payment',
        () => app.ctx.db.update(leadDeliveries).set({ paymentState: 'paid' }).where(eq(leadDeliveries.leadId, top)),
        (p) => p.leads.find((l) => l.id === top)!.delivery?.paymentState,
      ],
      [
        'a status change',
        () => app.ctx.db.update(leads).set({ status: 'won' }).where(eq(leads.id, top)),
        (p) => p.counts.won,
      ],
      [
        'a contractor renamed',
        () =>
          app.ctx.db.update(contractors).set({ name: 'Renamed Roofing LLC' }).where(eq(contractors.id, recipient.id)),
        (p) => p.leads.find((l) => l.id === top)!.delivery?.contractorName,
      ],
      [
        'a lead erased',
        () => app.ctx.db.update(leads).set({ phone: '', erasedAt: new Date() }).where(eq(leads.id, top)),
        (p) => p.leads.find((l) => l.id === top)!.phone,
      ],
    ];
    let last = await list(admin);
    for (const [what, write, shown] of writes) {
      const was = shown(last);
      await write();
      const now = await list(admin);
      expect(shown(now), what).not.toEqual(was);
      expect(now, `${what}: read afresh`).toEqual(await list(admin));
      last = now;
    }
    // A deleted lead leaves the list.
    await app.ctx.db.delete(leads).where(eq(leads.id, top));
    expect((await list(admin)).leads.map((l) => l.id)).not.toContain(top);
  });

  it('moves only the versions of the counties a write touches', async () => {
    const was = await versions();
    const local = await createContractor(app.ctx.db, { county: 'wyoming', homeTown: 'tunkhannock' });
    const sent = await requestOnHost(app.url, 'wyoming.localhost', 'POST', '/api/leads', {
      body: quote({ contractorId: local.id, location: 'Tunkhannock, PA' }),
    });
    expect(sent.status).toBe(201);
    const now = await versions();
    expect(now.get(wyomingId)).toBeGreaterThan(was.get(wyomingId) ?? 0);
    expect(now.get(sullivanId)).toBe(was.get(sullivanId));

    // Sullivan's county administrator keeps its page; the platform administrator's sees the new lead.
    const { client: sullivanAdmin } = await countyAdminClient(app, [sullivanId]);
    const sullivanPage = await list(sullivanAdmin);
    expect(sullivanPage.leads.map((l) => l.name)).not.toContain('Pat Kept');
    expect((await list(admin)).leads.some((l) => l.location === 'Tunkhannock, PA')).toBe(true);
    expect(await list(sullivanAdmin)).toEqual(sullivanPage);
  });

  it('shows another instance on the same database the write made through this one', async () => {
    // On a PostgreSQL server the second instance has its own connections and its own kept pages, as another process would.
    const database = app.testDb.url ? await openDatabase({ url: app.testDb.url, poolSize: 2 }) : app.testDb.database;
    const ctx = app.testDb.url ? buildContext(app.ctx.env, database, createLogger({ silent: true })) : app.ctx;
    const server = http.createServer(createApp({ ctx, sessionSecret: app.ctx.env.SESSION_SECRET! }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const there = new TestClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      there.cookie = admin.cookie;
      const kept = await list(there);
      expect(await list(there)).toEqual(kept);
      const id = await newLead({ name: 'Seen elsewhere' });
      expect((await list(there)).leads[0]).toMatchObject({ id, name: 'Seen elsewhere' });
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (app.testDb.url) await database.close();
    }
  });
});

describe('stampOf', () => {
  const versions = new Map([
    [1, 5],
    [2, 7],
    [3, 1],
  ]);
  it('sums the versions of the counties a page covers, every county for null, 0 for a county without one', () => {
    expect(stampOf(versions, null)).toBe(13);
    expect(stampOf(versions, [2])).toBe(7);
    expect(stampOf(versions, [1, 3])).toBe(6);
    expect(stampOf(versions, [9])).toBe(0);
    expect(stampOf(versions, [])).toBe(0);
  });
});
