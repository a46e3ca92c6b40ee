import { DEFAULT_BUSINESS_HOURS } from '@shared/business-hours';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import {
  contractorImports,
  contractorBilling,
  contractorListingChanges,
  contractorPhotos,
  contractorServiceAreas,
  leadClaims,
  listingClaims,
  leadDeliveries,
  leads,
  leadStatusCounts,
  outboxEmails,
  pricingRules,
  regions,
  reviews,
  towns,
} from '../../server/db/schema';
import type { OwnedKind } from '../../server/counties/admin-scope';
import { addCounty } from '../../server/counties/counties';
import { adminClient, countyAdminClient } from '../support/admin-session';
import { createContractor, createLead } from '../support/factories';
import type { TestClient } from '../support/http-client';
import { routeTable, type RouteEntry } from '../support/route-table';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Isolation is proven, not assumed (docs/decisions/0103-county-administrators.md): two counties,
 * each with a lead, its delivery, a claim, a review, a pricing rule, outbox mail and a contractor
 * serving its towns with a photo waiting for review; a county administrator of the first walks every admin route of the router
 * (tests/support/route-table.ts, so a new route is in it without anyone listing it) with the second
 * county's ids, in the address or in the body (BODY_WRITES), and gets 403 or 404, and every list it
 * reads holds none of the second county's rows.
 * Runs on both databases like every API test.
 */

let app: TestApp;
let platform: TestClient;
let countyAdmin: TestClient;
let routes: RouteEntry[];

interface County {
  regionId: number;
  slug: string;
  townId: number;
  importId: number;
  listingClaimId: number;
  contractorId: number;
  leadId: number;
  deliveryId: number;
  claimId: number;
  reviewId: number;
  pricingRuleId: number;
  outboxEmailId: number;
  photoId: number;
  listingChangeId: number;
  /** Strings only this county's rows hold: none may appear in an answer to the other county's administrator. */
  markers: string[];
}
let a: County;
let b: County;
let platformMailId: number;
const PLATFORM_MAIL = 'Platform-only notice zq7';

/** A county's rows: everything a county administrator could ask for by id. */
async function fillCounty(regionId: number, tag: string, townId: number): Promise<County> {
  const db = app.ctx.db;
  const contractor = await createContractor(db, { name: `Contractor ${tag}` });
  // It serves the county's town only (shared contractors are listed where they work).
  await db.delete(contractorServiceAreas).where(eq(contractorServiceAreas.contractorId, contractor.id));
  await db.insert(contractorServiceAreas).values({ contractorId: contractor.id, townId });
  await db
    .update(contractorBilling)
    .set({ subscriptionPlan: 'free', monthlyLeadsUsed: 0, bonusCredits: 0, creditsPeriodStart: new Date() })
    .where(eq(contractorBilling.contractorId, contractor.id));
  const lead = await createLead(db, {
    regionId,
    name: `Homeowner ${tag}`,
    email: `homeowner-${tag.toLowerCase()}@example.com`,
    requestedContractorId: contractor.id,
  });
  const delivered = await platform.post('/api/lead-deliveries', { leadId: lead.id, contractorId: contractor.id });
  expect(delivered.status, delivered.text).toBe(201);
  const deliveryId = delivered.body.id as number;
  const [claim] = await db
    .insert(leadClaims)
    .values({ deliveryId, reason: 'wrong_number', details: `Claim details ${tag}` })
    .returning();
  const [review] = await db
    .insert(reviews)
    .values({
      leadId: lead.id,
      deliveryId,
      contractorId: contractor.id,
      contacted: true,
      hired: true,
      rating: 4,
      authorName: `Reviewer ${tag}`,
    })
    .returning();
  const price = tag === 'B' ? 4321 : 1234;
  const [rule] = await db
    .insert(pricingRules)
    .values({ regionId, ruleType: 'service', ruleValue: 'roofing-siding', leadPriceCents: price, priority: 3 })
    .returning();
  const [mail] = await db
    .insert(outboxEmails)
    .values({
      regionId,
      kind: 'lead-notice',
      toAddress: 'admin@outbox.local',
      subject: `County mail ${tag}`,
      textBody: `About county ${tag}`,
      status: 'failed',
    })
    .returning();
  // A photo waiting for review (its files do not matter here: the rows are what an administrator sees).
  const [photo] = await db
    .insert(contractorPhotos)
    .values({ contractorId: contractor.id, kind: 'project', caption: `Photo caption ${tag}`, width: 640, height: 480 })
    .returning();
  // A listing change waiting for review, proposing the county's town (docs/decisions/0111-listing-edits.md).
  const [change] = await db
    .insert(contractorListingChanges)
    .values({
      contractorId: contractor.id,
      description: `Proposed description ${tag}`,
      phone: '570-555-0100',
      serviceIds: [],
      townIds: [townId],
      businessHours: DEFAULT_BUSINESS_HOURS,
      submittedAt: new Date(),
    })
    .returning();
  // An import of the county's contractor list (docs/decisions/0130-contractor-import.md).
  const [imported] = await db
    .insert(contractorImports)
    .values({ regionId, fileName: `list-${tag}.csv`, importedBy: 'admin' })
    .returning();
  // A document claim of its contractor's listing, waiting for an administrator (docs/decisions/0131-listing-claims.md).
  const [listingClaim] = await db
    .insert(listingClaims)
    .values({
      contractorId: contractor.id,
      channel: 'document',
      accountEmail: `claimant-${tag.toLowerCase()}@example.com`,
    })
    .returning();
  const [county] = await db.select({ slug: regions.slug }).from(regions).where(eq(regions.id, regionId));
  return {
    regionId,
    slug: county!.slug,
    townId,
    importId: imported!.id,
    listingClaimId: listingClaim!.id,
    contractorId: contractor.id,
    photoId: photo!.id,
    listingChangeId: change!.id,
    leadId: lead.id,
    deliveryId,
    claimId: claim!.id,
    reviewId: review!.id,
    pricingRuleId: rule!.id,
    outboxEmailId: mail!.id,
    markers: [
      `Homeowner ${tag}`,
      `homeowner-${tag.toLowerCase()}@example.com`,
      `Contractor ${tag}`,
      `Claim details ${tag}`,
      `Reviewer ${tag}`,
      `County mail ${tag}`,
      `Photo caption ${tag}`,
      `Proposed description ${tag}`,
      `claimant-${tag.toLowerCase()}@example.com`,
      price === 4321 ? '43.21' : '12.34',
    ],
  };
}

const idOf = (county: County, kind: OwnedKind): number =>
  ({
    lead: county.leadId,
    delivery: county.deliveryId,
    claim: county.claimId,
    review: county.reviewId,
    pricingRule: county.pricingRuleId,
    outboxEmail: county.outboxEmailId,
    contractor: county.contractorId,
    county: county.regionId,
    photo: county.photoId,
    listingChange: county.listingChangeId,
    import: county.importId,
    listingClaim: county.listingClaimId,
  })[kind];

/** Route parameters other than the item's own, with a value the route accepts. */
const OTHER_PARAMS: Record<string, string> = { credential: 'insurance' };

/** The address of an admin route naming this county's item. */
function addressFor(r: RouteEntry, county: County): string {
  const rule = r.admin!;
  const own = rule.param ?? 'id';
  return r.path.replace(/:(\w+)/g, (_m, name: string) =>
    name === own ? String(idOf(county, rule.owns!)) : (OTHER_PARAMS[name] ?? '1'),
  );
}

/** One request naming the other county's items in its body, and what it must get. */
interface BodyCase {
  /** Which ids of the other county it names, for the failure message. */
  names: string;
  body: unknown;
  status: number[];
  /** Sent as a multipart form (the body's fields and a small CSV file), as an upload is. */
  form?: true;
}

const IMPORT_FILE = 'Business Name,City,Type of Work\nIsolation Roofing,Anywhere,Roofing\n';
const importBodies = (other: County): BodyCase[] => [
  { names: 'county', body: { county: other.slug }, status: [404], form: true },
];

/**
 * Admin writes whose body names items by id (ids, a county, a town, a contractor rule's value):
 * each says what it sends, one case for each id the body can name, alone, beside the
 * administrator's own county's ids (a route naming an item in its address is sent the
 * administrator's own one, so only the body is foreign). A county is public, so naming another
 * is refused (403); any other item of another county is 'not found' (404), as in an address.
 * A new write without an item in its address fails the walk until it is listed here.
 */
const BODY_WRITES: Record<string, (own: County, other: County) => BodyCase[]> = {
  'POST /api/lead-deliveries': (own, other) => [
    { names: 'leadId, contractorId', body: { leadId: other.leadId, contractorId: other.contractorId }, status: [404] },
    { names: 'leadId', body: { leadId: other.leadId, contractorId: own.contractorId }, status: [404] },
    { names: 'contractorId', body: { leadId: own.leadId, contractorId: other.contractorId }, status: [404] },
  ],
  'POST /api/pricing-rules': (_own, other) => pricingRuleBodies(other),
  'PATCH /api/pricing-rules/:id': (_own, other) => pricingRuleBodies(other),
  'PUT /api/admin/scope': (_own, other) => [{ names: 'countyId', body: { countyId: other.regionId }, status: [404] }],
  'POST /api/admin/imports/preview': (_own, other) => importBodies(other),
  'POST /api/admin/imports': (_own, other) => importBodies(other),
};

/** A pricing rule names a county, a town (location) or a contractor (its value) of the other county. */
const pricingRuleBodies = (other: County): BodyCase[] => [
  { names: 'regionId', body: { ruleType: 'global', leadPrice: '9.99', regionId: other.regionId }, status: [403] },
  { names: 'townId', body: { ruleType: 'location', townId: other.townId, leadPrice: '9.99' }, status: [403] },
  {
    names: 'ruleValue (contractor)',
    body: { ruleType: 'contractor', ruleValue: String(other.contractorId), leadPrice: '9.99' },
    status: [404],
  },
];

const label = (r: RouteEntry) => `${r.method} ${r.path}`;
const hasParams = (r: RouteEntry) => /:\w+/.test(r.path);
const isRead = (r: RouteEntry) => r.method === 'GET' || r.method === 'HEAD';
/**
 * A write to the signed-in administrator's own two-factor sign-in (docs/decisions/0109-admin-two-factor.md)
 * or own password (docs/decisions/0114-homeowner-privacy.md): it names no county's item.
 */
const OWN_ACCOUNT_WRITES = new Set(['POST /api/admin/account/password']);
const ownAccount = (r: RouteEntry) => (r.admin?.enrolment === true && !isRead(r)) || OWN_ACCOUNT_WRITES.has(label(r));

/** What every one of the other county's rows looks like now, to show nothing was changed. */
async function rowsOf(county: County) {
  const db = app.ctx.db;
  return {
    lead: await db.select().from(leads).where(eq(leads.id, county.leadId)),
    delivery: await db.select().from(leadDeliveries).where(eq(leadDeliveries.id, county.deliveryId)),
    claim: await db.select().from(leadClaims).where(eq(leadClaims.id, county.claimId)),
    review: await db.select().from(reviews).where(eq(reviews.id, county.reviewId)),
    rule: await db.select().from(pricingRules).where(eq(pricingRules.id, county.pricingRuleId)),
    photo: await db.select().from(contractorPhotos).where(eq(contractorPhotos.id, county.photoId)),
    listingChange: await db
      .select()
      .from(contractorListingChanges)
      .where(eq(contractorListingChanges.id, county.listingChangeId)),
    mail: await db
      .select()
      .from(outboxEmails)
      .where(inArray(outboxEmails.id, [county.outboxEmailId, platformMailId])),
  };
}

beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT: 'false' });
  platform = await adminClient(app);
  const db = app.ctx.db;
  await addCounty(app.ctx, 'wyoming');
  const [sullivan] = await db.select({ id: regions.id }).from(regions).where(eq(regions.slug, 'sullivan'));
  const [wyoming] = await db.select({ id: regions.id }).from(regions).where(eq(regions.slug, 'wyoming'));
  const [laporte] = await db
    .select({ id: towns.id })
    .from(towns)
    .where(and(eq(towns.regionId, sullivan!.id), eq(towns.slug, 'laporte')));
  const [wyomingTown] = await db.select({ id: towns.id }).from(towns).where(eq(towns.regionId, wyoming!.id)).limit(1);
  a = await fillCounty(sullivan!.id, 'A', laporte!.id);
  b = await fillCounty(wyoming!.id, 'B', wyomingTown!.id);
  const [mail] = await db
    .insert(outboxEmails)
    .values({
      regionId: null,
      kind: 'setup-code',
      toAddress: 'someone@example.com',
      subject: PLATFORM_MAIL,
      textBody: 'x',
      status: 'failed',
    })
    .returning();
  platformMailId = mail!.id;
  countyAdmin = (await countyAdminClient(app, [a.regionId])).client;
  routes = routeTable(createApp({ ctx: app.ctx, sessionSecret: app.ctx.env.SESSION_SECRET! })).filter(
    (r) => r.path.startsWith('/api/') && r.roles[0] === 'admin',
  );
}, 120_000);
afterAll(() => app?.close());

describe("a county administrator and another county's data", () => {
  it('every admin route naming an item says which kind, so the guard can check its county', () => {
    expect(routes.length).toBeGreaterThan(35);
    const undeclared = routes.filter((r) => hasParams(r) && !r.admin?.owns && !r.admin?.platform).map(label);
    expect(undeclared).toEqual([]);
    const unlisted = routes
      .filter((r) => !hasParams(r) && !isRead(r) && !r.admin?.platform && !ownAccount(r) && !BODY_WRITES[label(r)])
      .map(label);
    expect(unlisted).toEqual([]);
  });

  it("gets 403 or 404 on every admin route given the other county's ids, and nothing of it in any answer", async () => {
    const before = await rowsOf(b);
    const ownRule = await app.ctx.db.select().from(pricingRules).where(eq(pricingRules.id, a.pricingRuleId));
    const leaks: string[] = [];
    const wrong: string[] = [];
    for (const r of routes.filter((x) => !ownAccount(x))) {
      let res;
      let allowed: number[];
      if (r.admin?.platform) {
        res = await countyAdmin.request(
          r.method,
          r.path.replace(/:(\w+)/g, String(b.leadId)),
          isRead(r) ? undefined : {},
        );
        allowed = [403];
      } else if (hasParams(r)) {
        res = await countyAdmin.request(r.method, addressFor(r, b), isRead(r) ? undefined : {});
        allowed = [403, 404];
      } else if (!isRead(r)) {
        continue; // Its body names the items: walked below.
      } else {
        res = await countyAdmin.get(r.path);
        allowed = [200];
      }
      if (!allowed.includes(res.status)) wrong.push(`${label(r)}: ${res.status} ${res.text.slice(0, 120)}`);
      for (const m of [...b.markers, PLATFORM_MAIL]) if (res.text.includes(m)) leaks.push(`${label(r)} shows '${m}'`);
    }
    // Bodies naming the other county's items, each id alone (the address names the administrator's own).
    for (const r of routes.filter((x) => BODY_WRITES[label(x)])) {
      for (const { names, body, status, form } of BODY_WRITES[label(r)]!(a, b)) {
        const address = hasParams(r) ? addressFor(r, a) : r.path;
        const res = form
          ? await countyAdmin.upload(address, body as Record<string, string>, {
              field: 'file',
              bytes: IMPORT_FILE,
              name: 'list.csv',
            })
          : await countyAdmin.request(r.method, address, body);
        if (!status.includes(res.status))
          wrong.push(`${label(r)} naming ${names}: ${res.status} ${res.text.slice(0, 120)}`);
        for (const m of [...b.markers, PLATFORM_MAIL])
          if (res.text.includes(m)) leaks.push(`${label(r)} naming ${names} shows '${m}'`);
      }
    }
    expect(Object.keys(BODY_WRITES).filter((k) => !routes.some((r) => label(r) === k))).toEqual([]);
    expect(wrong).toEqual([]);
    expect(leaks).toEqual([]);
    // Nothing of the other county was changed on the way.
    expect(await rowsOf(b)).toEqual(before);
    // Nor the administrator's own rule, whose address the bodies above were sent to.
    expect(await app.ctx.db.select().from(pricingRules).where(eq(pricingRules.id, a.pricingRuleId))).toEqual(ownRule);
  });

  it("the lists show the administrator's own county's rows", async () => {
    const text = async (path: string) => {
      const res = await countyAdmin.get(path);
      expect(res.status, path).toBe(200);
      return res.text;
    };
    expect(await text('/api/leads')).toContain('Homeowner A');
    expect(await text('/api/admin/lead-claims')).toContain('Claim details A');
    expect(await text('/api/admin/reviews')).toContain('Reviewer A');
    expect(await text('/api/pricing-rules')).toContain('12.34');
    expect(await text('/api/admin/outbox')).toContain('County mail A');
    expect(await text('/api/admin/contractors')).toContain('Contractor A');
    expect(await text('/api/admin/photos')).toContain('Photo caption A');
    expect(await text('/api/admin/listing-changes')).toContain('Proposed description A');
    expect(await text('/api/admin/listing-claims')).toContain('claimant-a@example.com');
    expect(await text('/api/admin/imports')).toContain('list-A.csv');
    expect(await text(`/api/contractors/${a.contractorId}/lead-deliveries`)).toContain(`"leadId":${a.leadId}`);
    expect((await countyAdmin.get(`/api/admin/lead-claims/${a.claimId}`)).status).toBe(200);
    expect((await countyAdmin.get(`/api/admin/counties/${a.regionId}`)).body.towns.length).toBeGreaterThan(0);
    const ownLeads = await app.ctx.db.select({ id: leads.id }).from(leads).where(eq(leads.regionId, a.regionId));
    expect((await countyAdmin.get('/api/admin/stats')).body.totalLeads).toBe(ownLeads.length);
    expect((await countyAdmin.get('/api/leads')).body.total).toBe(ownLeads.length);
  });

  it("a county administrator's lead counts are the maintained counts (lead_status_counts), not a scan of its leads", async () => {
    const db = app.ctx.db;
    const scanned = async (regionIds: number[]) =>
      (await db.select({ id: leads.id }).from(leads).where(inArray(leads.regionId, regionIds))).length;
    // 1,000 lost leads that only the maintained counts hold: an answer with them read the counts.
    const bump = (by: number) =>
      db
        .insert(leadStatusCounts)
        .values({ regionId: a.regionId, status: 'lost', leads: by, priceCents: 0 })
        .onConflictDoUpdate({
          target: [leadStatusCounts.regionId, leadStatusCounts.status],
          set: { leads: sql`${leadStatusCounts.leads} + ${by}` },
        });
    await bump(1000);
    try {
      const own = await scanned([a.regionId]);
      expect((await countyAdmin.get('/api/admin/stats')).body.totalLeads).toBe(own + 1000);
      // Fresh pages (a page size no test asked for): the first, one status's, and one past the last.
      const first = (await countyAdmin.get('/api/leads?pageSize=11')).body;
      expect(first.counts.lost).toBeGreaterThanOrEqual(1000);
      expect(first.total).toBe(own + 1000);
      expect((await countyAdmin.get('/api/leads?pageSize=11&status=lost')).body.total).toBe(first.counts.lost);
      expect((await countyAdmin.get('/api/leads?pageSize=11&page=999')).body.total).toBe(own + 1000);
      // An administrator of two counties: the two counties' counts, summed.
      const both = (await countyAdminClient(app, [a.regionId, b.regionId])).client;
      const two = await scanned([a.regionId, b.regionId]);
      expect((await both.get('/api/admin/stats')).body.totalLeads).toBe(two + 1000);
      expect((await both.get('/api/leads?pageSize=12')).body.total).toBe(two + 1000);
      expect((await both.get('/api/leads?pageSize=12&page=999')).body.total).toBe(two + 1000);
    } finally {
      await bump(-1000);
    }
  });

  it('the check is not blind: the platform administrator sees both counties in the same lists', async () => {
    const lists = routes.filter((r) => isRead(r) && !hasParams(r));
    let seen = '';
    for (const r of lists) seen += (await platform.get(r.path)).text;
    for (const m of [...b.markers.filter((x) => x !== `homeowner-b@example.com`), PLATFORM_MAIL])
      expect(seen, m).toContain(m);
  });

  it("the body check is not blind: a contractor rule naming the administrator's own county's contractor is written", async () => {
    const rule = { ruleType: 'contractor', ruleValue: String(a.contractorId), leadPrice: '7.77' };
    const created = await countyAdmin.post('/api/pricing-rules', rule);
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ regionId: a.regionId, ruleValue: String(a.contractorId) });
    const changed = await countyAdmin.patch(`/api/pricing-rules/${created.body.id}`, { ...rule, leadPrice: '8.88' });
    expect(changed.status, changed.text).toBe(200);
    await app.ctx.db.delete(pricingRules).where(eq(pricingRules.id, created.body.id));
  });

  it("a platform default rule is read by the county's administrator but changed only by the platform's", async () => {
    const [seeded] = await app.ctx.db
      .select({ id: pricingRules.id })
      .from(pricingRules)
      .where(eq(pricingRules.ruleType, 'global'));
    expect((await countyAdmin.get('/api/pricing-rules')).body.map((r: { id: number }) => r.id)).toContain(seeded!.id);
    expect((await countyAdmin.patch(`/api/pricing-rules/${seeded!.id}`, { isActive: false })).status).toBe(403);
    const own = await countyAdmin.post('/api/pricing-rules', { ruleType: 'global', leadPrice: '31.00' });
    expect(own.status, own.text).toBe(201);
    expect(own.body.regionId).toBe(a.regionId);
    expect(
      (await countyAdmin.post('/api/pricing-rules', { ruleType: 'global', leadPrice: '31.00', regionId: null })).status,
    ).toBe(403);
    await app.ctx.db.delete(pricingRules).where(eq(pricingRules.id, own.body.id));
  });
});
