import { randomBytes } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RECEIVED_BY } from '@shared/lead-recipients';
import type { ContractorStats, MonthStats } from '@shared/schemas/contractor-stats';
import type { OutboxMessage, Paged } from '@shared/schemas/admin';
import {
  contractorAccounts,
  contractors,
  leadDeliveries,
  leadRefunds,
  leadStatusChanges,
  leads,
  profileViewCounts,
  reviews,
} from '../../server/db/schema';
import { adminClient } from '../support/admin-session';
import { createContractor } from '../support/factories';
import type { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { waitUntil } from '../support/wait';

/**
 * The contractor's stats (issue 14; docs/decisions/0061-contractor-stats.md): per month for the
 * last 12 months, in the site's time zone, the same for the contractor (portal) and the admin. The
 * clock is moved, never waited for: rows made through the API get fixed times, and the status
 * changes are made through the portal with the clock set to when they happen.
 */

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const HOUR = 3_600_000;
/** 11:00 in Laporte on 10 May 2031. */
const B = Date.parse('2031-05-10T15:00:00Z');

let app: TestApp;
let admin: TestClient;
let c: { id: number; email: string; password: string };
let otherId: number;

/** Sets the clock, which then stands still (Date only: timers and the database keep real time). */
const at = (ms: number) => vi.useFakeTimers({ toFake: ['Date'], now: ms });

/** The contractor signed in now (a session started before a clock move would have expired). */
async function portal(): Promise<TestClient> {
  const client = app.client();
  const res = await client.post('/api/contractor/login', { email: c.email, password: c.password });
  expect(res.status, res.text).toBe(200);
  return client;
}

async function quote(contractorId: number) {
  const res = await app.client().post('/api/leads', {
    name: 'Sam Homeowner',
    email: `sam.${randomBytes(4).toString('hex')}@example.com`,
    phone: '(570) 555-0142',
    serviceNeeded: 'Roofing & Siding',
    location: 'Laporte, PA',
    projectDetails: 'A new metal roof on a lake cottage.',
    contractorId,
  });
  expect(res.status, res.text).toBe(201);
  return res.body.id as number;
}

async function deliver(leadId: number, contractorId: number) {
  const res = await admin.post('/api/lead-deliveries', { leadId, contractorId });
  expect(res.status, res.text).toBe(201);
  return res.body.id as number;
}

async function mark(client: TestClient, deliveryId: number, status: 'contacted' | 'won' | 'lost') {
  const res = await client.patch(`/api/contractor/leads/${deliveryId}/status`, { status });
  expect(res.status, res.text).toBe(200);
}

async function adminStats(id = c.id): Promise<ContractorStats> {
  const res = await (await adminClient(app)).get<ContractorStats>(`/api/admin/contractors/${id}/stats`);
  expect(res.status, res.text).toBe(200);
  return res.body;
}

const month = (s: ContractorStats, m: string) => s.months.find((x) => x.month === m)!;
const ZERO = {
  profileViews: 0,
  quoteRequests: 0,
  leadsDelivered: 0,
  contacted: 0,
  won: 0,
  spent: '0.00',
  costPerWon: null,
  medianSecondsToContact: null,
};

beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT: 'false', TRUST_PROXY: 'true' });
  admin = await adminClient(app);
  // Listed contractors of this file's own, so the seed's sample leads and reviews are not in their figures.
  const [first, second] = [await createContractor(app.ctx.db), await createContractor(app.ctx.db)];
  otherId = second.id;
  c = {
    id: first.id,
    email: `stats-${randomBytes(4).toString('hex')}@example.com`,
    password: randomBytes(12).toString('base64url'),
  };
  await app.ctx.db
    .insert(contractorAccounts)
    .values({ contractorId: c.id, email: c.email, passwordHash: await bcrypt.hash(c.password, 4) });
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(() => app?.close());

describe('contractor stats', () => {
  it('start at zero for the 12 months up to now, the same for the contractor and the admin', async () => {
    at(Date.parse('2031-02-14T12:00:00Z'));
    const own = await (await portal()).get<ContractorStats>('/api/contractor/stats');
    expect(own.status, own.text).toBe(200);
    expect(own.body.months.map((m) => m.month)).toEqual([
      '2030-03',
      '2030-04',
      '2030-05',
      '2030-06',
      '2030-07',
      '2030-08',
      '2030-09',
      '2030-10',
      '2030-11',
      '2030-12',
      '2031-01',
      '2031-02',
    ]);
    expect(own.body.totals).toEqual(ZERO);
    expect(own.body.timeZone).toBe('America/New_York');
    const { asOf: _a, ...fromAdmin } = await adminStats();
    const { asOf: _b, ...fromPortal } = own.body;
    expect(fromPortal).toEqual(fromAdmin);
  });

  it('count views, quote requests, deliveries, first contacts, wins, money spent and the time to contact in the month they happened', async () => {
    // A view of the profile at B (and one of another contractor's).
    at(B);
    for (const id of [c.id, otherId]) {
      const res = await fetch(`${app.url}/api/contractors/${id}`, {
        headers: { 'User-Agent': CHROME, 'X-Forwarded-For': '203.0.113.77' },
      });
      expect(res.status).toBe(200);
    }
    await waitUntil(
      'the view counted',
      async () => (await app.ctx.db.$count(profileViewCounts, eq(profileViewCounts.contractorId, c.id))) === 1 || null,
    );
    vi.useRealTimers();

    // Four quote requests from the profile and one to someone else, all at B.
    const [l1, l2, l3, l4] = [await quote(c.id), await quote(c.id), await quote(c.id), await quote(c.id)];
    const elsewhere = await quote(otherId);
    await app.ctx.db
      .update(leads)
      .set({ createdAt: new Date(B) })
      .where(inArray(leads.id, [l1, l2, l3, l4, elsewhere]));
    // Delivered at B: 1 and 4 from plan credits, 2 bought by card an hour later for 30.00, 3 cancelled.
    const [d1, d2, d3, d4] = [
      await deliver(l1, c.id),
      await deliver(l2, c.id),
      await deliver(l3, c.id),
      await deliver(l4, c.id),
    ];
    await app.ctx.db
      .update(leadDeliveries)
      .set({ createdAt: new Date(B), paymentState: 'credited', creditedAt: new Date(B) })
      .where(inArray(leadDeliveries.id, [d1, d4]));
    await app.ctx.db
      .update(leadDeliveries)
      .set({ createdAt: new Date(B), paymentState: 'paid', priceCents: 3000, paidAt: new Date(B + HOUR) })
      .where(eq(leadDeliveries.id, d2));
    await app.ctx.db
      .update(leadDeliveries)
      .set({ createdAt: new Date(B), paymentState: 'cancelled', cancelledAt: new Date(B) })
      .where(eq(leadDeliveries.id, d3));

    // The contractor marks them as it goes.
    at(B + 3 * HOUR);
    await mark(await portal(), d1, 'contacted');
    at(B + 5 * HOUR);
    await mark(await portal(), d2, 'won');
    at(B + 24 * HOUR);
    await mark(await portal(), d1, 'won');
    // 22:00 on 31 May in Laporte is already June in UTC: it counts in May.
    at(Date.parse('2031-06-01T02:00:00Z'));
    await mark(await portal(), d4, 'contacted');
    const changes = await app.ctx.db.select().from(leadStatusChanges).where(eq(leadStatusChanges.deliveryId, d1));
    expect(changes.map((e) => [e.status, e.changedAt.getTime()])).toEqual([
      ['contacted', B + 3 * HOUR],
      ['won', B + 24 * HOUR],
    ]);

    at(Date.parse('2031-06-01T03:00:00Z'));
    const may: Omit<MonthStats, 'month' | 'rating' | 'reviewCount'> = {
      profileViews: 1,
      quoteRequests: 4,
      leadsDelivered: 3,
      contacted: 3,
      won: 2,
      spent: '30.00',
      costPerWon: '15.00',
      // 3 h (contacted), 5 h (won straight away), 21 days 11 hours: the middle one.
      medianSecondsToContact: 5 * 3600,
    };
    let stats = await adminStats();
    expect(stats.months.at(-1)!.month).toBe('2031-05');
    expect(month(stats, '2031-05')).toMatchObject(may);
    expect(stats.totals).toEqual(may);
    expect(month(stats, '2031-04')).toMatchObject(ZERO);
    const { asOf: _a, ...fromAdmin } = stats;
    const own = await (await portal()).get<ContractorStats>('/api/contractor/stats');
    const { asOf: _b, ...fromPortal } = own.body;
    expect(fromPortal).toEqual(fromAdmin);
    // The other contractor has its own view and quote request, nothing else.
    expect((await adminStats(otherId)).totals).toMatchObject({ profileViews: 1, quoteRequests: 1, leadsDelivered: 0 });

    // A month on, May is the month before; a year on, it has left the window.
    at(Date.parse('2031-06-20T12:00:00Z'));
    stats = await adminStats();
    expect(stats.months.at(-1)).toMatchObject({ month: '2031-06', ...ZERO });
    expect(month(stats, '2031-05')).toMatchObject(may);
    expect(stats.totals).toEqual(may);
    at(Date.parse('2032-06-01T12:00:00Z'));
    stats = await adminStats();
    expect(stats.months[0]!.month).toBe('2031-07');
    expect(stats.totals).toEqual(ZERO);
  });

  it('give the rating at the end of each month from the published reviews written by then', async () => {
    // The deliveries of the test before: 1 and 2 won, 3 cancelled, 4 contacted.
    const [d1, d2, , d4] = await app.ctx.db
      .select({ id: leadDeliveries.id, leadId: leadDeliveries.leadId })
      .from(leadDeliveries)
      .where(eq(leadDeliveries.contractorId, c.id))
      .orderBy(leadDeliveries.id);
    const review = (d: { id: number; leadId: number }, rating: number, createdAt: string, hidden = false) => ({
      deliveryId: d.id,
      leadId: d.leadId,
      contractorId: c.id,
      contacted: true,
      hired: true,
      rating,
      authorName: 'Sam',
      createdAt: new Date(createdAt),
      ...(hidden ? { status: 'hidden' as const, hiddenReason: 'abuse' as const } : {}),
    });
    await app.ctx.db
      .insert(reviews)
      .values([
        review(d1!, 4, '2031-04-20T12:00:00Z'),
        review(d2!, 5, '2031-05-12T12:00:00Z'),
        review(d4!, 1, '2031-05-13T12:00:00Z', true),
      ]);
    at(Date.parse('2031-06-20T12:00:00Z'));
    const stats = await adminStats();
    expect(month(stats, '2031-03')).toMatchObject({ rating: null, reviewCount: null });
    expect(month(stats, '2031-04')).toMatchObject({ rating: 4, reviewCount: 1 });
    expect(month(stats, '2031-05')).toMatchObject({ rating: 4.5, reviewCount: 2 });
    // The current month's is the contractor's rating now.
    const [now] = await app.ctx.db
      .select({ rating: contractors.rating, reviewCount: contractors.reviewCount })
      .from(contractors)
      .where(eq(contractors.id, c.id));
    expect(month(stats, '2031-06')).toMatchObject({ rating: now!.rating, reviewCount: now!.reviewCount });
  });

  it('do not count as spent a card payment that was refunded (an approved claim)', async () => {
    const stats = async () => (await adminStats(otherId)).totals.spent;
    const leadId = await quote(otherId);
    const deliveryId = await deliver(leadId, otherId);
    await app.ctx.db
      .update(leadDeliveries)
      .set({ paymentState: 'paid', paidAt: new Date(), priceCents: 3100, paymentIntentId: 'pi_refund_test' })
      .where(eq(leadDeliveries.id, deliveryId));
    expect(await stats()).toBe('31.00');
    await app.ctx.db.insert(leadRefunds).values({
      deliveryId,
      cause: 'claim',
      method: 'card',
      status: 'pending',
      amountCents: 3100,
      paymentIntentId: 'pi_refund_test',
    });
    // Spent until the card is really refunded...
    expect(await stats()).toBe('31.00');
    await app.ctx.db
      .update(leadRefunds)
      .set({ status: 'succeeded', refundedAt: new Date() })
      .where(eq(leadRefunds.deliveryId, deliveryId));
    // ...then not.
    expect(await stats()).toBe('0.00');
  });

  it('are the contractor’s own in the portal; the admin names any contractor, and bad ids get a clear 4xx', async () => {
    expect((await app.client().get('/api/contractor/stats')).status).toBe(401);
    expect((await app.client().get(`/api/admin/contractors/${c.id}/stats`)).status).toBe(401);
    expect((await (await portal()).get(`/api/admin/contractors/${c.id}/stats`)).status).toBe(403);
    expect((await admin.get('/api/contractor/stats')).status).toBe(403);
    expect((await admin.get('/api/admin/contractors/999999/stats')).status).toBe(404);
    const bad = await admin.get('/api/admin/contractors/abc/stats');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Invalid contractor id');
  });

  it('every delivered lead says it went to one contractor: the delivery email', async () => {
    const leadId = await quote(c.id);
    await deliver(leadId, c.id);
    const outbox = await admin.get<Paged<OutboxMessage>>('/api/admin/outbox?pageSize=100');
    const sent = outbox.body.items.filter((m) => m.kind === 'lead-delivered');
    expect(sent.length).toBeGreaterThan(0);
    for (const m of sent) expect(m.text).toContain(RECEIVED_BY);
    expect(RECEIVED_BY).toBe('Received by 1 contractor: only you.');
  });
});
