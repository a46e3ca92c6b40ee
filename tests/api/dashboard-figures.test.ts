import { readFileSync } from 'node:fs';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardFigures } from '@shared/schemas/county-figures';
import { addCounty } from '../../server/counties/counties';
import { dashboardFigures } from '../../server/leads/dashboard-figures';
import { binOf } from '@shared/figure-bins';
import {
  countyFigures,
  leadDeliveries,
  leadRefunds,
  leadReplies,
  leads,
  leadStatusChanges,
  regions,
  subscriptionPayments,
} from '../../server/db/schema';
import { adminClient, countyAdminClient } from '../support/admin-session';
import { createContractor, createLead } from '../support/factories';
import type { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The dashboard's charts (issue 36; docs/decisions/0129-dashboard-charts.md): quote requests per
 * week by what became of them, revenue per month, the funnel this month against last, and the
 * median times per week, counted by triggers into county_figures, in Eastern weeks and months,
 * for the counties the administrator sees. Two new counties hold only this file's data. Runs on
 * both databases.
 */
let app: TestApp;
let platform: TestClient;
let wyomingAdmin: TestClient;
let bradfordAdmin: TestClient;
let wyoming: number;
let bradford: number;
let contractorId: number;

/** Wednesday 18 November 2026, 10 am in Pennsylvania. */
const NOW = new Date('2026-11-18T15:00:00Z');

beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT: 'false' });
  app.ctx.clock.now = () => NOW;
  await addCounty(app.ctx, 'wyoming');
  await addCounty(app.ctx, 'bradford');
  const ids = await app.ctx.db.select({ id: regions.id, slug: regions.slug }).from(regions);
  wyoming = ids.find((r) => r.slug === 'wyoming')!.id;
  bradford = ids.find((r) => r.slug === 'bradford')!.id;
  platform = await adminClient(app);
  wyomingAdmin = (await countyAdminClient(app, [wyoming])).client;
  bradfordAdmin = (await countyAdminClient(app, [bradford])).client;
  contractorId = (await createContractor(app.ctx.db, { name: 'Figures Roofing' })).id;
});
afterAll(() => app?.close());

const lead = (regionId: number, createdAt: string) =>
  createLead(app.ctx.db, { regionId, createdAt: new Date(createdAt) });

async function figures(client: TestClient): Promise<DashboardFigures> {
  const res = await client.get('/api/admin/figures');
  expect(res.status, res.text).toBe(200);
  return res.body as DashboardFigures;
}
const week = (f: DashboardFigures, monday: string) => f.weeks.find((w) => w.week === monday)!;

/** A delivery of the lead made at `at`, settled as `state`. */
async function deliver(leadId: number, at: string, state: 'awaiting_payment' | 'paid' | 'credited', priceCents = 2500) {
  const [d] = await app.ctx.db
    .insert(leadDeliveries)
    .values({
      leadId,
      contractorId,
      priceCents,
      paymentState: state,
      createdAt: new Date(at),
      paidAt: state === 'paid' ? new Date(at) : null,
      creditedAt: state === 'credited' ? new Date(at) : null,
    })
    .returning();
  await app.ctx.db.update(leads).set({ routing: 'delivered', status: 'delivered' }).where(eq(leads.id, leadId));
  return d!;
}

describe('quote requests per week', () => {
  it('counts each request in its Eastern week, by what became of it', async () => {
    // Sunday 15 November, 11:30 pm in Pennsylvania: Monday 04:30 UTC, still the week of 9 November.
    await lead(wyoming, '2026-11-16T04:30:00Z');
    // Monday 16 November, 12:30 am in Pennsylvania.
    const monday = await lead(wyoming, '2026-11-16T05:30:00Z');
    const withdrawn = await lead(wyoming, '2026-11-17T15:00:00Z');
    const released = await lead(wyoming, '2026-11-17T16:00:00Z');

    let f = await figures(wyomingAdmin);
    expect(f.weeks).toHaveLength(26);
    expect(f.weeks.at(-1)!.week).toBe('2026-11-16');
    expect(f.weeks[0]!.week).toBe('2026-05-25');
    expect(week(f, '2026-11-09')).toMatchObject({ total: 1, counts: { held: 1 } });
    expect(week(f, '2026-11-16')).toMatchObject({ total: 3, counts: { held: 3, delivered: 0 } });

    await deliver(monday.id, '2026-11-16T05:40:00Z', 'awaiting_payment');
    await app.ctx.db.update(leads).set({ withdrawnAt: NOW }).where(eq(leads.id, withdrawn.id));
    await app.ctx.db
      .update(leads)
      .set({ routing: 'released', routingReason: 'paused' })
      .where(eq(leads.id, released.id));
    f = await figures(wyomingAdmin);
    expect(week(f, '2026-11-16')).toEqual({
      week: '2026-11-16',
      counts: { delivered: 1, held: 0, released: 1, rejected: 0, withdrawn: 1 },
      total: 3,
    });
    // The delivery came 10 minutes after the request: the median, read from its bin, says about that.
    const speed = f.speed.find((s) => s.week === '2026-11-16')!;
    expect(speed.toDelivery).toBeGreaterThanOrEqual(8);
    expect(speed.toDelivery).toBeLessThan(11.4);
    expect(speed.toReply).toBeNull();
  });

  it('a request erased later still counts, as made', async () => {
    const before = week(await figures(wyomingAdmin), '2026-11-16').total;
    const erased = await lead(wyoming, '2026-11-18T12:00:00Z');
    await app.ctx.db
      .update(leads)
      .set({ name: '', email: '', phone: '', erasedAt: NOW, withdrawnAt: NOW })
      .where(eq(leads.id, erased.id));
    const after = week(await figures(wyomingAdmin), '2026-11-16');
    expect(after.total).toBe(before + 1);
  });
});

describe('the funnel, revenue and reply times', () => {
  it('counts this month against last, each request in its Eastern month', async () => {
    // Saturday 31 October, 11:30 pm in Pennsylvania (1 November, 03:30 UTC): October's.
    const october = await lead(bradford, '2026-11-01T03:30:00Z');
    const november = await lead(bradford, '2026-11-02T14:00:00Z');
    const won = await lead(bradford, '2026-11-03T14:00:00Z');
    const dOct = await deliver(october.id, '2026-11-01T03:35:00Z', 'credited');
    const dNov = await deliver(november.id, '2026-11-02T14:05:00Z', 'awaiting_payment', 3000);
    const dWon = await deliver(won.id, '2026-11-03T14:05:00Z', 'paid', 4000);
    // The November lead is paid later; the won one is replied to, marked won, and part refunded.
    await app.ctx.db
      .update(leadDeliveries)
      .set({ paymentState: 'paid', paidAt: new Date('2026-11-04T14:00:00Z') })
      .where(eq(leadDeliveries.id, dNov.id));
    await app.ctx.db.insert(leadReplies).values({
      deliveryId: dWon.id,
      leadId: won.id,
      kind: 'called',
      createdAt: new Date('2026-11-03T16:05:00Z'),
    });
    await app.ctx.db.insert(leadStatusChanges).values({ deliveryId: dWon.id, status: 'contacted' });
    await app.ctx.db.insert(leadStatusChanges).values({ deliveryId: dWon.id, status: 'won' });
    await app.ctx.db.update(leads).set({ status: 'won' }).where(eq(leads.id, won.id));
    await app.ctx.db.insert(leadStatusChanges).values({ deliveryId: dOct.id, status: 'lost' });
    const [refund] = await app.ctx.db
      .insert(leadRefunds)
      .values({ deliveryId: dWon.id, cause: 'claim', method: 'card', amountCents: 1000, paymentIntentId: 'pi_figures' })
      .returning();
    let f = await figures(bradfordAdmin);
    expect(f.revenue.at(-1)).toMatchObject({ month: '2026-11-01', leads: '70.00', refunds: '0.00', net: '70.00' });
    await app.ctx.db
      .update(leadRefunds)
      .set({ status: 'succeeded', refundedAt: new Date('2026-11-05T14:00:00Z') })
      .where(eq(leadRefunds.id, refund!.id));

    f = await figures(bradfordAdmin);
    expect(f.funnel).toEqual([
      { month: '2026-10-01', stages: { requested: 1, delivered: 1, taken: 1, replied: 0, won: 0 } },
      { month: '2026-11-01', stages: { requested: 2, delivered: 2, taken: 2, replied: 1, won: 1 } },
    ]);
    expect(f.revenue).toHaveLength(12);
    expect(f.revenue[0]!.month).toBe('2025-12-01');
    expect(f.revenue.at(-1)).toEqual({
      month: '2026-11-01',
      leads: '70.00',
      plans: '0.00',
      refunds: '10.00',
      net: '60.00',
    });
    // The first reply came two hours after the lead was bought.
    const speed = f.speed.find((s) => s.week === '2026-11-02')!;
    expect(speed.toReply).toBeGreaterThanOrEqual(90.5);
    expect(speed.toReply).toBeLessThan(128);
  });

  it("plans are the platform's: only in the view of every county", async () => {
    await app.ctx.db.insert(subscriptionPayments).values({
      contractorId,
      providerInvoiceId: 'in_figures_1',
      planId: 'pro',
      amountCents: 4900,
      paidAt: new Date('2026-11-10T15:00:00Z'),
    });
    const all = await figures(platform);
    expect(all.revenue.at(-1)!.plans).toBe('49.00');
    expect((await figures(bradfordAdmin)).revenue.at(-1)!.plans).toBe('0.00');
  });
});

describe('the counties in view', () => {
  it("a county administrator sees its own county's figures only", async () => {
    const w = await figures(wyomingAdmin);
    const b = await figures(bradfordAdmin);
    expect(w.counties).toEqual([]);
    expect(w.funnel[1].stages.requested).toBe(5);
    expect(w.revenue.at(-1)!.leads).toBe('0.00');
    expect(b.funnel[1].stages.requested).toBe(2);
    expect(b.weeks.reduce((sum, x) => sum + x.total, 0)).toBe(3);
  });

  it('the platform administrator compares the counties side by side, or looks at one', async () => {
    const all = await figures(platform);
    const byCounty = new Map(all.counties.map((c) => [c.slug, c]));
    expect(byCounty.get('wyoming')).toMatchObject({
      requestsThisMonth: 5,
      requestsLastMonth: 0,
      revenue12Months: '0.00',
    });
    expect(byCounty.get('bradford')).toMatchObject({
      requestsThisMonth: 2,
      requestsLastMonth: 1,
      revenue12Months: '60.00',
    });
    expect(all.funnel[1].stages.requested).toBeGreaterThanOrEqual(7);

    expect((await platform.put('/api/admin/scope', { countyId: bradford })).status).toBe(200);
    const one = await figures(platform);
    expect(one.counties).toEqual([]);
    expect(one.funnel).toEqual((await figures(bradfordAdmin)).funnel);
    expect(one.revenue.at(-1)!.plans).toBe('0.00');
    expect((await platform.put('/api/admin/scope', { countyId: null })).status).toBe(200);
  });

  it('the weeks and months follow the clock', async () => {
    app.ctx.clock.now = () => new Date('2026-12-01T15:00:00Z');
    try {
      const f = await figures(bradfordAdmin);
      expect(f.weeks.at(-1)!.week).toBe('2026-11-30');
      expect(f.funnel.map((m) => m.month)).toEqual(['2026-11-01', '2026-12-01']);
      expect(f.funnel[0].stages.requested).toBe(2);
    } finally {
      app.ctx.clock.now = () => NOW;
    }
  });

  it('keeps an answer until its counties change, and reads it again after', async () => {
    const scope = { adminUserId: 0, username: 'x', role: 'county' as const, regionIds: [wyoming] };
    const first = await dashboardFigures(app.ctx, scope);
    expect(await dashboardFigures(app.ctx, scope)).toBe(first);
    // Another county's change leaves it kept; its own county's reads it again.
    await lead(bradford, '2026-11-18T13:00:00Z');
    expect(await dashboardFigures(app.ctx, scope)).toBe(first);
    await lead(wyoming, '2026-11-18T13:00:00Z');
    const again = await dashboardFigures(app.ctx, scope);
    expect(again).not.toBe(first);
    expect(again.funnel[1].stages.requested).toBe(first.funnel[1].stages.requested + 1);
  });

  it('is for administrators only', async () => {
    expect((await app.client().get('/api/admin/figures')).status).toBe(401);
  });

  it('counts minutes into the same bins as the browser reads them', async () => {
    const minutes = [0, 0.99, 1, 1.41, 1.42, 2, 9.9, 60, 1440, 1e6];
    const rows = (await app.ctx.db.execute(
      sql.raw(`select ${minutes.map((m, i) => `figure_bin(${m}) as b${i}`).join(', ')}`),
    )) as unknown as { rows: Record<string, number>[] };
    expect(minutes.map((_, i) => Number(rows.rows[0]![`b${i}`]))).toEqual(minutes.map(binOf));
  });

  it('the triggers agree with a recount from the tables, as the migration made it', async () => {
    // The whole table: this file's database holds the sample data besides this file's own.
    const read = () =>
      app.ctx.db
        .select()
        .from(countyFigures)
        .orderBy(
          asc(countyFigures.regionId),
          asc(countyFigures.figure),
          asc(countyFigures.period),
          asc(countyFigures.bucket),
        );
    const kept = (await read()).filter((r) => r.n !== 0 || r.cents !== 0);
    const migration = readFileSync(new URL('../../migrations/0040_county_figures.sql', import.meta.url), 'utf8');
    const recount = migration
      .slice(migration.indexOf('-- What is there already'))
      .split('--> statement-breakpoint')
      .map((s) => s.trim())
      .filter(Boolean);
    expect(recount.length).toBeGreaterThan(5);
    await app.ctx.db.delete(countyFigures);
    for (const statement of recount) await app.ctx.db.execute(sql.raw(statement.replace(/^-- .*\n/, '')));
    const counted = await read();
    expect(counted.filter((r) => r.regionId === wyoming || r.regionId === bradford).length).toBeGreaterThan(10);
    expect(counted).toEqual(kept);
  });
});
