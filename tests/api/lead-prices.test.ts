import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centsToDecimal } from '@shared/money';
import { priceLead } from '@shared/pricing';
import { region } from '@shared/region';
import type { LeadPriceTable } from '@shared/schemas/lead-prices';
import type { AppContext } from '../../server/context';
import { isListed } from '../../server/directory/cards';
import { contractors, leads, pricingRules, regions, towns } from '../../server/db/schema';
import { buildContext } from '../../server/main';
import { activeRules } from '../../server/leads/pricing/quote';
import { leadPriceTable } from '../../server/leads/pricing/price-table';
import { addCounty } from '../../server/counties/counties';
import { adminClient, countyAdminClient } from '../support/admin-session';
import { createContractor } from '../support/factories';
import { getOnHost, requestOnHost } from '../support/host-request';
import type { TestClient } from '../support/http-client';
import { servePages } from '../support/page-server';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Prices in the open (issue 14; docs/decisions/0062-lead-prices-in-the-open.md): the plans page
 * shows what a lead costs now for every service in every town, from the pricing engine and the
 * active rules, server rendered and answered again only when the rules change; a change made
 * through one app process is seen at the next request to any other.
 */

let app: TestApp;
let admin: TestClient;
/** A second process: its own context (read model, caches) over the same database, serving pages too. */
let other: { ctx: AppContext; client: TestClient; close: () => Promise<void> };

beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT: 'false' });
  admin = await adminClient(app);
  const ctx = buildContext(app.ctx.env, app.ctx.database, app.ctx.log);
  const { url, client, close } = await servePages(ctx);
  ctx.siteUrl = url;
  other = { ctx, client, close };
});
afterAll(async () => {
  await other?.close();
  await app?.close();
});

const cell = (t: LeadPriceTable, service: string, town: string | null) =>
  t.services.find((s) => s.value === service)!.prices[t.towns.findIndex((x) => x.slug === town)];

async function table(client: TestClient = app.client()): Promise<LeadPriceTable> {
  const res = await client.get<LeadPriceTable>('/api/lead-prices');
  expect(res.status, res.text).toBe(200);
  return res.body;
}

async function rule(body: Record<string, unknown>) {
  const res = await admin.post('/api/pricing-rules', { ruleValue: null, priority: 0, isActive: true, ...body });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: number };
}

describe('GET /api/lead-prices', () => {
  it('gives every service of the quote form in every town, and elsewhere, by the engine over the active rules', async () => {
    const t = await table();
    expect(t.towns.map((x) => x.slug)).toEqual([...region.towns.map((x) => x.slug), null]);
    expect(t.towns.at(-1)!.label).toBe('Any other place');
    expect(t.services.map((s) => s.label)).toEqual(region.quoteServices.map((s) => s.label));
    // The seed's one rule: 25.00 for everything.
    for (const s of t.services) expect(s.prices).toEqual(t.towns.map(() => '25.00'));
    const [seeded] = await app.ctx.db.select().from(pricingRules);
    expect(t.rulesChangedAt).toBe(seeded!.updatedAt.toISOString());
  });

  it('changes with the rules, at the next request to either process, and matches what a lead is charged', async () => {
    const before = await table(other.client);
    const roofing = await rule({ ruleType: 'service', ruleValue: 'roofing', leadPrice: '40.00', priority: 1 });
    await rule({ ruleType: 'location', ruleValue: 'laporte', leadPrice: '32.50', priority: 2 });
    // A contractor's own price is not the public one.
    const [someone] = await app.ctx.db.select({ id: contractors.id }).from(contractors).where(isListed).limit(1);
    await rule({ ruleType: 'contractor', ruleValue: String(someone!.id), leadPrice: '99.00', priority: 9 });

    const after = await table(other.client);
    expect(after.rulesChangedAt).not.toBe(before.rulesChangedAt);
    expect(cell(after, 'roofing-siding', 'dushore')).toBe('40.00');
    expect(cell(after, 'roofing-siding', null)).toBe('40.00');
    expect(cell(after, 'roofing-siding', 'laporte')).toBe('32.50');
    expect(cell(after, 'kitchen-remodeling', 'laporte')).toBe('32.50');
    expect(cell(after, 'kitchen-remodeling', 'dushore')).toBe('25.00');
    expect(cell(after, 'kitchen-remodeling', null)).toBe('25.00');

    // Every cell is the engine's answer over the active rules.
    const rules = await activeRules(app.ctx, 'sullivan');
    const ids = await app.ctx.directory.taxonomy('sullivan');
    for (const s of region.quoteServices) {
      for (const town of after.towns) {
        const townId = town.slug === null ? null : ids.townId.get(town.slug)!;
        expect(cell(after, s.value, town.slug)).toBe(
          centsToDecimal(priceLead(rules, { serviceSlugs: s.services, townId, contractorId: null }).priceCents),
        );
      }
    }

    // A quote request is charged what the table says (to a contractor without a price of its own).
    const [listed] = await app.ctx.db
      .select({ id: contractors.id })
      .from(contractors)
      .where(isListed)
      .orderBy(contractors.id)
      .offset(1)
      .limit(1);
    const res = await app.client().post('/api/leads', {
      name: 'Pat Homeowner',
      email: 'pat.prices@example.com',
      phone: '(570) 555-0190',
      serviceNeeded: 'Roofing & Siding',
      location: 'Muncy Valley, PA',
      projectDetails: 'Reroof a barn.',
      contractorId: listed!.id,
    });
    expect(res.status, res.text).toBe(201);
    const [lead] = await app.ctx.db.select().from(leads).where(eq(leads.id, res.body.id));
    expect(centsToDecimal(lead!.leadPriceCents)).toBe(cell(after, 'roofing-siding', 'davidson-township'));

    // Switching a rule off is a change too.
    expect((await admin.patch(`/api/pricing-rules/${roofing.id}`, { isActive: false })).status).toBe(200);
    expect(cell(await table(other.client), 'roofing-siding', 'dushore')).toBe('25.00');
    expect(cell(await table(), 'roofing-siding', 'dushore')).toBe('25.00');
  });

  it('is made again only when the rules change: the same answer is handed out until then', async () => {
    const first = await leadPriceTable(app.ctx, region.slug);
    expect(await leadPriceTable(app.ctx, region.slug)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    await rule({ ruleType: 'service', ruleValue: 'flooring', leadPrice: '27.00' });
    const next = await leadPriceTable(app.ctx, region.slug);
    expect(next).not.toBe(first);
    expect(cell(first as LeadPriceTable, 'flooring', 'dushore')).toBe('25.00');
    expect(cell(next as LeadPriceTable, 'flooring', 'dushore')).toBe('27.00');
  });

  it('takes no parameters that could fail it, and is public', async () => {
    expect((await app.client().get('/api/lead-prices?town=atlantis&x[]=1')).status).toBe(200);
    const res = await app.client().get('/api/lead-prices');
    expect(res.headers.get('cache-control')).not.toBe('no-store');
  });
});

/**
 * Every county's own table (docs/decisions/0107-pricing-per-county.md): its towns and quote
 * services, its rules and the platform defaults; another county's rules are not in it.
 */
describe("a county's price table", () => {
  let wyoming: number;
  let tunkhannock: number;
  const onWyoming = async (path = '/api/lead-prices', baseUrl = app.url) => {
    const res = await getOnHost(baseUrl, 'wyoming.localhost', path);
    expect(res.status, res.text).toBe(200);
    return res;
  };

  beforeAll(async () => {
    await addCounty(app.ctx, 'wyoming');
    wyoming = (await app.ctx.db.select({ id: regions.id }).from(regions).where(eq(regions.slug, 'wyoming')))[0]!.id;
    tunkhannock = (
      await app.ctx.db
        .select({ id: towns.id })
        .from(towns)
        .where(and(eq(towns.regionId, wyoming), eq(towns.slug, 'tunkhannock')))
    )[0]!.id;
  });

  it("lists the county's towns and prices them by its rules and the platform defaults; the default county's does not show them", async () => {
    const wyomingAdmin = (await countyAdminClient(app, [wyoming])).client;
    const before = (await onWyoming()).json() as LeadPriceTable;
    expect(before.towns.map((t) => t.slug)).toContain('tunkhannock');
    expect(before.towns.map((t) => t.slug)).not.toContain('laporte');
    expect(before.towns.at(-1)).toEqual({ slug: null, label: 'Any other place' });

    const created = await wyomingAdmin.post('/api/pricing-rules', {
      ruleType: 'location',
      townId: tunkhannock,
      leadPrice: '47.25',
      priority: 8,
    });
    expect(created.status, created.text).toBe(201);
    const wyomingService = await wyomingAdmin.post('/api/pricing-rules', {
      ruleType: 'service',
      ruleValue: 'electrical',
      leadPrice: '44.44',
      priority: 7,
    });
    expect(wyomingService.status, wyomingService.text).toBe(201);

    const after = (await onWyoming()).json() as LeadPriceTable;
    expect(after.rulesChangedAt).not.toBe(before.rulesChangedAt);
    expect(cell(after, 'roofing-siding', 'tunkhannock')).toBe('47.25');
    expect(cell(after, 'electrical', 'factoryville')).toBe('44.44');
    // The default county's rules of the tests before (Laporte at 32.50) are not Wyoming's.
    expect(after.services.flatMap((s) => s.prices)).not.toContain('32.50');
    expect(cell(after, 'kitchen-remodeling', null)).toBe('25.00');

    const sullivan = await table();
    expect(sullivan.towns.map((t) => t.slug)).not.toContain('tunkhannock');
    expect(sullivan.services.flatMap((s) => s.prices)).not.toContain('47.25');
    expect(sullivan.services.flatMap((s) => s.prices)).not.toContain('44.44');
    expect(cell(sullivan, 'roofing-siding', 'laporte')).toBe('32.50');

    // What the table says is what a Wyoming lead is charged.
    const { id: local } = await createContractor(app.ctx.db, { county: 'wyoming', homeTown: 'tunkhannock' });
    const sent = await requestOnHost(app.url, 'wyoming.localhost', 'POST', '/api/leads', {
      body: {
        name: 'Lee Homeowner',
        email: 'lee@example.com',
        phone: '(570) 555-0166',
        serviceNeeded: 'Roofing & Siding',
        location: 'Tunkhannock, PA',
        projectDetails: 'A porch roof.',
        contractorId: local,
      },
    });
    expect(sent.status, sent.text).toBe(201);
    const [lead] = await app.ctx.db.select().from(leads).where(eq(leads.id, sent.json().id));
    expect(centsToDecimal(lead!.leadPriceCents)).toBe(cell(after, 'roofing-siding', 'tunkhannock'));

    // Wyoming's plans page, rendered on its site (by the process serving pages), shows its table.
    const html = (await onWyoming('/contractor-pricing', other.ctx.siteUrl)).text;
    expect(html).toContain('What a Lead Costs');
    const roofing = /<tbody[^>]*data-service="roofing-siding"[^>]*>(.*?)<\/tbody>/s.exec(html)![1]!;
    expect(roofing).toMatch(/Tunkhannock<\/td><td[^>]*>\$47\.25</);
    expect(roofing).not.toContain('Laporte');
  });

  it('is kept per county: each county keeps handing out its own answer', async () => {
    const sullivan = await leadPriceTable(app.ctx, 'sullivan');
    const wyomingTable = await leadPriceTable(app.ctx, 'wyoming');
    expect(wyomingTable).not.toBe(sullivan);
    expect(await leadPriceTable(app.ctx, 'sullivan')).toBe(sullivan);
    expect(await leadPriceTable(app.ctx, 'wyoming')).toBe(wyomingTable);
  });
});

describe('the plans page', () => {
  it('is rendered on the server with the price table, which says it follows the rules', async () => {
    const res = await fetch(`${other.ctx.siteUrl}/contractor-pricing`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('What a Lead Costs');
    expect(html).toContain('when the rules change, this table changes with them');
    expect(html).toMatch(/<th scope="col"[^>]*>Lead price<\/th>/);
    for (const s of region.quoteServices) expect(html).toContain(`data-service="${s.value}"`);
    // The Laporte rule of the test before: Laporte at its price, every other place at the default.
    const roofing = /<tbody[^>]*data-service="roofing-siding"[^>]*>(.*?)<\/tbody>/s.exec(html)![1]!;
    expect(roofing).toMatch(/Laporte Borough<\/td><td[^>]*>\$32\.50</);
    expect(roofing).toMatch(/Everywhere else<\/td><td[^>]*>\$25\.00</);
  });
});
