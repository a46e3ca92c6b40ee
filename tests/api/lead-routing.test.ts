import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  contractorBilling,
  contractorLeadPreferences,
  contractors,
  leadAlternatives,
  leadDeliveries,
  leads,
  outboxEmails,
  regions,
} from '../../server/db/schema';
import { planById } from '@shared/plans';
import { addCounty } from '../../server/counties/counties';
import { releaseUnpaidLeads } from '../../server/leads/routing/release-unpaid';
import { routeLead } from '../../server/leads/routing/route-lead';
import { adminClient, contractorClient, countyAdminClient } from '../support/admin-session';
import { createContractor } from '../support/factories';
import { requestOnHost } from '../support/host-request';
import type { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Lead routing (docs/decisions/0117-lead-routing.md): a quote request reaches the contractor the
 * homeowner chose with no administrator, unless a check holds it; a contractor that cannot take
 * it releases it, and the homeowner alone picks who gets it next.
 */
let app: TestApp;
let admin: TestClient;
let sullivan: number;
let n = 0;
const FREE_CREDITS = planById('free').leadCredits;

beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT: 'false' });
  admin = await adminClient(app);
  sullivan = (await app.ctx.db.select({ id: regions.id }).from(regions).where(eq(regions.slug, 'sullivan')))[0]!.id;
});
afterAll(() => app?.close());
afterEach(() => vi.useRealTimers());
// Every test starts from an automatic county with no jobs waiting.
beforeEach(async () => {
  await app.ctx.db.update(regions).set({ leadDelivery: 'automatic', releaseAfterHours: 48 });
  await app.ctx.jobs.runPending();
});

/** A roofer of Laporte with one credit left this Free month, or none. */
async function roofer(opts: { credits?: boolean; name?: string; homeTown?: string; county?: string } = {}) {
  const c = await createContractor(app.ctx.db, {
    services: ['roofing'],
    name: opts.name ?? `Roofer ${++n}`,
    homeTown: opts.homeTown,
    county: opts.county,
  });
  await app.ctx.db
    .update(contractorBilling)
    .set({
      subscriptionPlan: 'free',
      monthlyLeadsUsed: opts.credits === false ? 99 : FREE_CREDITS - 1,
      bonusCredits: 0,
      creditsPeriodStart: new Date(),
    })
    .where(eq(contractorBilling.contractorId, c.id));
  return c;
}

/** A homeowner's quote request through the API, as the site's form sends it. */
async function ask(contractorId: number, over: Record<string, unknown> = {}): Promise<number> {
  const res = await app.client().post('/api/leads', {
    name: 'Dana Homeowner',
    email: `dana${++n}@example.com`,
    phone: `(570) 555-${String(1000 + n).slice(-4)}`,
    serviceNeeded: 'Roofing',
    location: 'Laporte, PA',
    projectDetails: 'The roof over the porch leaks when it rains hard.',
    contractorId,
    ...over,
  });
  expect(res.status, res.text).toBe(201);
  return res.body.id;
}

const leadRow = async (id: number) => (await app.ctx.db.select().from(leads).where(eq(leads.id, id)))[0]!;
const deliveryOf = async (leadId: number) =>
  (
    await app.ctx.db
      .select()
      .from(leadDeliveries)
      .where(eq(leadDeliveries.leadId, leadId))
      .orderBy(desc(leadDeliveries.id))
  )[0];
const mailsTo = (to: string, kind: string) =>
  app.ctx.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.toAddress, to), eq(outboxEmails.kind, kind)));

describe('automatic delivery', () => {
  it('delivers with a plan credit, with no administrator, and records the system as the actor', async () => {
    const c = await roofer();
    const id = await ask(c.id);
    expect((await leadRow(id)).routing).toBe('pending');
    await app.ctx.jobs.runPending();
    const lead = await leadRow(id);
    expect(lead).toMatchObject({ routing: 'delivered', status: 'delivered' });
    expect(await deliveryOf(id)).toMatchObject({ contractorId: c.id, paymentState: 'credited', deliveredBy: 'system' });
    expect(await mailsTo(c.email, 'lead-delivered')).toHaveLength(1);
    const list = await admin.get('/api/leads?status=all');
    expect(list.body.leads.find((l: { id: number }) => l.id === id)).toMatchObject({
      routing: 'delivered',
      howItWent: 'Delivered automatically',
      delivery: { deliveredBy: 'system' },
    });
  });

  it('without a credit, delivers with the pay link and the contact details hidden', async () => {
    const c = await roofer({ credits: false });
    const id = await ask(c.id);
    await app.ctx.jobs.runPending();
    expect(await deliveryOf(id)).toMatchObject({ paymentState: 'awaiting_payment', deliveredBy: 'system' });
    const [mail] = await mailsTo(c.email, 'lead-delivered');
    expect(mail!.textBody).not.toContain('Dana Homeowner');
    expect(mail!.textBody).not.toMatch(/555-\d{4}/);
  });

  it('holds a duplicate: the same homeowner asked the same contractor in the last 7 days', async () => {
    const c = await roofer();
    await ask(c.id, { email: 'twice@example.com', phone: '570-555-7777' });
    await app.ctx.jobs.runPending();
    const second = await ask(c.id, { email: 'other@example.com', phone: '(570) 555-7777' });
    await app.ctx.jobs.runPending();
    expect(await leadRow(second)).toMatchObject({ routing: 'held', routingReason: 'duplicate', status: 'new' });
    const held = await admin.get('/api/admin/leads/held');
    expect(held.body.leads.map((l: { id: number }) => l.id)).toContain(second);
    expect(held.body.leads.find((l: { id: number }) => l.id === second).howItWent).toBe(
      'Held: the same homeowner asked this contractor in the last 7 days',
    );
    // The administrator delivers it: the same path, the administrator recorded.
    const res = await admin.post('/api/lead-deliveries', { leadId: second, contractorId: c.id });
    expect(res.status, res.text).toBe(201);
    expect((await deliveryOf(second))!.deliveredBy).toMatch(/^admin-/);
  });

  it('holds links or spam in the project details, and an administrator may reject it', async () => {
    const c = await roofer();
    const id = await ask(c.id, { projectDetails: 'Cheap roofing, see https://spam.example.ru/offer now' });
    await app.ctx.jobs.runPending();
    expect(await leadRow(id)).toMatchObject({ routing: 'held', routingReason: 'spam' });
    expect((await admin.post(`/api/admin/leads/${id}/reject`)).status).toBe(204);
    expect(await leadRow(id)).toMatchObject({ routing: 'rejected' });
    expect((await admin.post('/api/lead-deliveries', { leadId: id, contractorId: c.id })).status).toBe(409);
    expect(await deliveryOf(id)).toBeUndefined();
  });

  it("an administrator may send a held lead's homeowner the others instead, and the list says so", async () => {
    const c = await roofer({ name: 'Held Roofing' });
    await roofer({ name: 'Other Held Roofing' });
    const id = await ask(c.id, {
      email: 'offered-case@example.com',
      projectDetails: 'Roof repair, details at www.example.com/roof',
    });
    await app.ctx.jobs.runPending();
    expect(await leadRow(id)).toMatchObject({ routing: 'held', routingReason: 'spam' });
    expect((await admin.post(`/api/admin/leads/${id}/send-to-alternatives`)).status).toBe(204);
    expect(await leadRow(id)).toMatchObject({ routing: 'released', routingReason: 'offered_others' });
    expect(await deliveryOf(id)).toBeUndefined();
    expect(await mailsTo('offered-case@example.com', 'lead-alternatives')).toHaveLength(1);
    const list = await admin.get('/api/leads?pageSize=100');
    expect(list.body.leads.find((l: { id: number }) => l.id === id)?.howItWent).toBe(
      'Released: an administrator offered the homeowner other contractors',
    );
    // Once released it is no longer held: a second send is refused.
    expect((await admin.post(`/api/admin/leads/${id}/send-to-alternatives`)).status).toBe(409);
  });

  it('holds every request of a manual county with the reason shown, and the platform administrator alone switches it', async () => {
    const county = await countyAdminClient(app, [sullivan]);
    expect(
      (
        await county.client.put(`/api/admin/counties/${sullivan}/lead-delivery`, {
          leadDelivery: 'manual',
          releaseAfterHours: 48,
        })
      ).status,
    ).toBe(403);
    expect((await county.client.get(`/api/admin/counties/${sullivan}`)).body).toMatchObject({
      leadDelivery: 'automatic',
      releaseAfterHours: 48,
    });
    expect(
      (
        await admin.put(`/api/admin/counties/${sullivan}/lead-delivery`, {
          leadDelivery: 'sometimes',
          releaseAfterHours: 0,
        })
      ).status,
    ).toBe(400);
    const set = await admin.put(`/api/admin/counties/${sullivan}/lead-delivery`, {
      leadDelivery: 'manual',
      releaseAfterHours: 24,
    });
    expect(set.status, set.text).toBe(200);
    expect(set.body).toMatchObject({ leadDelivery: 'manual', releaseAfterHours: 24 });
    const c = await roofer();
    const id = await ask(c.id);
    await app.ctx.jobs.runPending();
    expect(await leadRow(id)).toMatchObject({ routing: 'held', routingReason: 'manual' });
    expect(await deliveryOf(id)).toBeUndefined();
  });

  it('the automation and an administrator on one lead at the same moment: exactly one delivery', async () => {
    const c = await roofer({ credits: false });
    const id = await ask(c.id);
    const [auto, manual] = await Promise.allSettled([
      routeLead(app.ctx, id),
      admin.post('/api/lead-deliveries', { leadId: id, contractorId: c.id }),
    ]);
    expect(auto.status).toBe('fulfilled');
    const live = await app.ctx.db
      .select()
      .from(leadDeliveries)
      .where(and(eq(leadDeliveries.leadId, id), sql`${leadDeliveries.paymentState} <> 'cancelled'`));
    expect(live).toHaveLength(1);
    expect(manual.status === 'fulfilled' && [201, 409]).toContain(
      manual.status === 'fulfilled' ? manual.value.status : 0,
    );
  });

  it('two leads for the last credit: one takes the credit, the other the pay link', async () => {
    const c = await roofer();
    const [a, b] = [await ask(c.id), await ask(c.id, { email: 'someone@example.com', phone: '570-555-4321' })];
    await Promise.all([routeLead(app.ctx, a), routeLead(app.ctx, b)]);
    const states = [(await deliveryOf(a))!.paymentState, (await deliveryOf(b))!.paymentState].sort();
    expect(states).toEqual(['awaiting_payment', 'credited']);
  });
});

describe('what the contractor takes', () => {
  it('saves its preferences in the portal, refusing what its listing does not offer', async () => {
    const c = await roofer();
    const portal = await contractorClient(app, c.id);
    const got = await portal.get('/api/contractor/lead-preferences');
    expect(got.body).toMatchObject({
      pausedUntil: null,
      services: null,
      monthlyCap: null,
      textOptIn: false,
      serviceOptions: [{ slug: 'roofing' }],
    });
    expect((await portal.put('/api/contractor/lead-preferences', { ...got.body, services: ['plumbing'] })).status).toBe(
      400,
    );
    expect(
      (await portal.put('/api/contractor/lead-preferences', { ...got.body, textOptIn: true, textPhone: 'call me' }))
        .status,
    ).toBe(400);
    expect((await portal.put('/api/contractor/lead-preferences', { ...got.body, monthlyCap: -5 })).status).toBe(400);
    const saved = await portal.put('/api/contractor/lead-preferences', {
      pausedUntil: null,
      services: null,
      townIds: null,
      monthlyCap: '150',
      textPhone: '570-555-0123',
      textOptIn: true,
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ monthlyCap: '150.00', textPhone: '+15705550123', textOptIn: true });
    expect((await app.client().get('/api/contractor/lead-preferences')).status).toBe(401);
  });

  it('paused: released, nothing charged, the homeowner offered others of the county with single-use links', async () => {
    const c = await roofer({ name: 'Paused Roofing' });
    const other = await roofer({ name: 'Ready Roofing' });
    // Ranked among the first three of the county's roofers: verified, and well rated.
    await app.ctx.db
      .update(contractors)
      .set({ verified: true, rating: 4.9, reviewCount: 12 })
      .where(eq(contractors.id, other.id));
    await app.ctx.db.insert(contractorLeadPreferences).values({ contractorId: c.id, pausedUntil: '2099-03-02' });
    const id = await ask(c.id, { email: 'paused-case@example.com' });
    await app.ctx.jobs.runPending();
    expect(await leadRow(id)).toMatchObject({ routing: 'released', routingReason: 'paused', status: 'new' });
    expect(await deliveryOf(id)).toBeUndefined();
    const [mail] = await mailsTo('paused-case@example.com', 'lead-alternatives');
    expect(mail!.textBody).toContain('Paused Roofing cannot take your request');
    expect(mail!.textBody).toContain('Ready Roofing');
    expect(mail!.textBody).not.toContain('Paused Roofing (rated');
    const offers = await app.ctx.db.select().from(leadAlternatives).where(eq(leadAlternatives.leadId, id));
    expect(offers.length).toBeGreaterThan(0);
    expect(offers.length).toBeLessThanOrEqual(3);
    const link = new RegExp(`/alternatives/([\\w-]+)`, 'g');
    const tokens = [...mail!.textBody.matchAll(link)].map((m) => m[1]!);
    const readyIndex = offers.sort((x, y) => x.rank - y.rank).findIndex((o) => o.contractorId === other.id);
    expect(readyIndex).toBeGreaterThanOrEqual(0);
    const token = tokens[readyIndex]!;
    expect((await app.client().get(`/api/alternatives/${token}`)).body).toMatchObject({
      state: 'open',
      contractorName: 'Ready Roofing',
    });
    // Nothing went to the other contractor until the homeowner chose it.
    expect(await mailsTo(other.email, 'lead-delivered')).toHaveLength(0);
    const used = await app.client().post(`/api/alternatives/${token}`);
    expect(used.status, used.text).toBe(201);
    expect((await app.client().post(`/api/alternatives/${token}`)).status).toBe(409);
    expect((await app.client().get(`/api/alternatives/${token}`)).body.state).toBe('used');
    expect((await app.client().get(`/api/alternatives/${'x'.repeat(43)}`)).status).toBe(404);
    await app.ctx.jobs.runPending();
    const next = await leadRow(used.body.leadId);
    expect(next).toMatchObject({ originLeadId: id, requestedContractorId: other.id, routing: 'delivered' });
    expect(await mailsTo(other.email, 'lead-delivered')).toHaveLength(1);
  });

  it('not its service: released as not taken', async () => {
    const c = await roofer();
    const id = await ask(c.id, { serviceNeeded: 'Plumbing' });
    await app.ctx.jobs.runPending();
    expect(await leadRow(id)).toMatchObject({ routing: 'released', routingReason: 'not_taken' });
  });

  it('a real cap: a card-paid lead that would pass it is not delivered; credits do not count', async () => {
    const c = await roofer();
    // 25.00 a lead; a cap of 30.00 leaves room for one card-paid lead after the credit.
    await app.ctx.db.insert(contractorLeadPreferences).values({ contractorId: c.id, monthlyCapCents: 3000 });
    const ids = [
      await ask(c.id),
      await ask(c.id, { email: 'b@example.com', phone: '570-555-2222' }),
      await ask(c.id, { email: 'c@example.com', phone: '570-555-3333' }),
    ];
    for (const id of ids) await routeLead(app.ctx, id);
    expect((await deliveryOf(ids[0]!))!.paymentState).toBe('credited');
    expect((await deliveryOf(ids[1]!))!.paymentState).toBe('awaiting_payment');
    expect(await leadRow(ids[2]!)).toMatchObject({ routing: 'released', routingReason: 'over_cap' });
    // An administrator is held to the cap too.
    const held = await ask(c.id, { email: 'd@example.com', phone: '570-555-4444' });
    const res = await admin.post('/api/lead-deliveries', { leadId: held, contractorId: c.id });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/cap/);
  });

  it('two leads for the last dollars under a cap at once: one is delivered, one released', async () => {
    const c = await roofer({ credits: false });
    await app.ctx.db.insert(contractorLeadPreferences).values({ contractorId: c.id, monthlyCapCents: 2500 });
    const [a, b] = [await ask(c.id), await ask(c.id, { email: 'e@example.com', phone: '570-555-5555' })];
    await Promise.all([routeLead(app.ctx, a), routeLead(app.ctx, b)]);
    const routed = [(await leadRow(a)).routing, (await leadRow(b)).routing].sort();
    expect(routed).toEqual(['delivered', 'released']);
  });

  it('declines from the portal before paying: released, nothing charged', async () => {
    const c = await roofer({ credits: false });
    const id = await ask(c.id, { email: 'declined-case@example.com' });
    await app.ctx.jobs.runPending();
    const d = (await deliveryOf(id))!;
    const portal = await contractorClient(app, c.id);
    expect((await portal.post(`/api/contractor/leads/${d.id}/decline`)).status).toBe(204);
    expect((await deliveryOf(id))!.paymentState).toBe('cancelled');
    expect(await leadRow(id)).toMatchObject({ routing: 'released', routingReason: 'declined' });
    expect(await mailsTo('declined-case@example.com', 'lead-alternatives')).toHaveLength(1);
    expect((await portal.post(`/api/contractor/leads/${d.id}/decline`)).status).toBe(409);
  });

  it('released after 48 hours without a payment or a credit (the clock moved)', async () => {
    const c = await roofer({ credits: false });
    const id = await ask(c.id);
    await app.ctx.jobs.runPending();
    await releaseUnpaidLeads(app.ctx);
    expect((await deliveryOf(id))!.paymentState).toBe('awaiting_payment');
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 49 * 3_600_000 });
    expect(await releaseUnpaidLeads(app.ctx)).toBeGreaterThanOrEqual(1);
    expect((await deliveryOf(id))!.paymentState).toBe('cancelled');
    expect(await leadRow(id)).toMatchObject({ routing: 'released', routingReason: 'unpaid' });
  });
});

describe('two counties', () => {
  it("offers only the lead's own county's contractors", async () => {
    await addCounty(app.ctx, 'wyoming').catch(() => {});
    const far = await roofer({ county: 'wyoming', homeTown: 'tunkhannock', name: 'Far Away Roofing' });
    const c = await roofer({ name: 'Closed Roofing' });
    await app.ctx.db.insert(contractorLeadPreferences).values({ contractorId: c.id, pausedUntil: '2099-01-01' });
    const id = await ask(c.id, { email: 'county-case@example.com' });
    await app.ctx.jobs.runPending();
    const offered = await app.ctx.db
      .select({ contractorId: leadAlternatives.contractorId })
      .from(leadAlternatives)
      .where(eq(leadAlternatives.leadId, id));
    expect(offered.map((o) => o.contractorId)).not.toContain(far.id);
    const [mail] = await mailsTo('county-case@example.com', 'lead-alternatives');
    expect(mail!.textBody).not.toContain('Far Away Roofing');
    // And the other county's administrator never sees the held or released lead.
    const wyoming = (await app.ctx.db.select({ id: regions.id }).from(regions).where(eq(regions.slug, 'wyoming')))[0]!
      .id;
    const other = await countyAdminClient(app, [wyoming]);
    expect((await other.client.post(`/api/admin/leads/${id}/reject`)).status).toBe(404);
    const wyomingHeld = await other.client.get('/api/admin/leads/held');
    expect(wyomingHeld.body.leads.map((l: { id: number }) => l.id)).not.toContain(id);
    const onWyoming = await requestOnHost(app.url, 'wyoming.localhost', 'GET', `/api/admin/leads/held`);
    expect(onWyoming.status).toBe(401);
  });

  it('the admin dashboard shows the median minutes from request to delivery this month', async () => {
    const stats = await admin.get('/api/admin/stats');
    expect(stats.status).toBe(200);
    expect(typeof stats.body.medianMinutesToDelivery).toBe('number');
    const since = (await app.ctx.db.select({ id: sql<number>`max(${leads.id})` }).from(leads))[0]!.id;
    expect(
      await app.ctx.db
        .select()
        .from(leads)
        .where(and(gt(leads.id, since), inArray(leads.routing, ['pending']))),
    ).toHaveLength(0);
  });
});
