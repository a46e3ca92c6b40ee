import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accountOfContractor, contractorEmail } from '../../server/contractors/contractor-email';
import { countyIdOfSlug } from '../../server/counties/county-id';
import { buildSitemap } from '../../server/content/sitemap';
import {
  blogPosts,
  contractorAccounts,
  contractorBilling,
  contractors,
  leadDeliveries,
  leads,
  legalPages,
  newsletterSubscribers,
  regions,
} from '../../server/db/schema';
import { adminClient, contractorClient } from '../support/admin-session';
import { createContractor, createLead } from '../support/factories';
import { startTestApp, type TestApp } from '../support/test-app';

/** What is decided once, checked against the database: each helper named by its test. */
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT: 'false' });
});
afterAll(() => app?.close());

const recipientOf = async (id: number) =>
  (
    await app.ctx.db
      .select({ email: contractorEmail })
      .from(contractors)
      .leftJoin(contractorAccounts, accountOfContractor)
      .where(eq(contractors.id, id))
  )[0]!.email;

describe("a contractor's email", () => {
  it("goes to the listing's address until the contractor has an account, then to the account's", async () => {
    const c = await createContractor(app.ctx.db, { email: 'listing@example.com' });
    expect(await recipientOf(c.id)).toBe('listing@example.com');
    const portal = await contractorClient(app, c.id);
    const [account] = await app.ctx.db
      .select({ email: contractorAccounts.email })
      .from(contractorAccounts)
      .where(eq(contractorAccounts.contractorId, c.id));
    expect(account!.email).not.toBe('listing@example.com');
    expect(await recipientOf(c.id)).toBe(account!.email);
    // The portal shows the contractor the address its mail goes to.
    expect((await portal.get('/api/contractor/profile')).body.email).toBe(account!.email);
  });
});

describe("a county's id from its slug (countyIdOfSlug)", () => {
  it('is the id of the county with that slug, and null for none', async () => {
    const counties = await app.ctx.db.select({ id: regions.id, slug: regions.slug }).from(regions);
    expect(counties.length).toBeGreaterThan(0);
    for (const c of counties)
      expect(
        (
          await app.ctx.db
            .select({ id: countyIdOfSlug(c.slug) })
            .from(regions)
            .limit(1)
        )[0]!.id,
      ).toBe(c.id);
    expect(
      (
        await app.ctx.db
          .select({ id: countyIdOfSlug('no-such-county') })
          .from(regions)
          .limit(1)
      )[0]!.id,
    ).toBeNull();
  });
});

describe("stamps a test clock should govern come from the app's clock (ctx.clock)", () => {
  const AT = new Date('2031-05-06T07:08:09.000Z');
  const realNow = () => new Date();
  afterEach(() => {
    app.ctx.clock.now = realNow;
  });
  const onTheClock = () => {
    app.ctx.clock.now = () => AT;
  };

  it("a legal page's edit time", async () => {
    const admin = await adminClient(app);
    onTheClock();
    expect(
      (await admin.request('PUT', '/api/admin/legal-pages/terms', { markdown: '# Terms\n\nNew terms.' })).status,
    ).toBe(200);
    const [page] = await app.ctx.db
      .select({ at: legalPages.updatedAt })
      .from(legalPages)
      .where(eq(legalPages.slug, 'terms'));
    expect(page!.at.toISOString()).toBe(AT.toISOString());
  });

  it("a newsletter's unsubscribe time", async () => {
    expect((await app.client().post('/api/newsletter', { email: 'clock@example.com' })).status).toBe(201);
    const [sub] = await app.ctx.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, 'clock@example.com'));
    onTheClock();
    expect((await app.client().post('/api/newsletter/unsubscribe', { token: sub!.unsubscribeToken })).status).toBe(200);
    const [after] = await app.ctx.db
      .select({ at: newsletterSubscribers.unsubscribedAt })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.id, sub!.id));
    expect(after!.at!.toISOString()).toBe(AT.toISOString());
  });

  it("a delivery's times: delivered, paid, cancelled", async () => {
    const admin = await adminClient(app);
    const contractor = await createContractor(app.ctx.db);
    // The Free plan's credits of the clock's month are used up: the delivery awaits payment.
    await app.ctx.db
      .update(contractorBilling)
      .set({ monthlyLeadsUsed: 2, creditsPeriodStart: AT })
      .where(eq(contractorBilling.contractorId, contractor.id));
    const lead = await createLead(app.ctx.db);
    onTheClock();
    const delivered = await admin.post('/api/lead-deliveries', { leadId: lead.id, contractorId: contractor.id });
    expect(delivered.status).toBe(201);
    const deliveryId = delivered.body.id as number;
    expect((await admin.post(`/api/lead-deliveries/${deliveryId}/pay`, {})).status).toBe(200);
    expect((await admin.post(`/api/lead-deliveries/${deliveryId}/cancel`, {})).status).toBe(200);
    const [d] = await app.ctx.db.select().from(leadDeliveries).where(eq(leadDeliveries.id, deliveryId));
    const [l] = await app.ctx.db.select({ updatedAt: leads.updatedAt }).from(leads).where(eq(leads.id, lead.id));
    expect([d!.paidAt?.toISOString(), d!.cancelledAt?.toISOString(), l!.updatedAt.toISOString()]).toEqual([
      AT.toISOString(),
      AT.toISOString(),
      AT.toISOString(),
    ]);
  });

  it('a scheduled blog post is due by the clock', async () => {
    const [county] = await app.ctx.db.select({ slug: regions.slug }).from(regions).where(eq(regions.isDefault, true));
    await app.ctx.db.insert(blogPosts).values({
      slug: 'due-by-the-clock',
      title: 'Due by the clock',
      content: 'Body.',
      excerpt: 'Excerpt.',
      metaDescription: 'Meta.',
      keywords: ['clock'],
      author: 'Test Author',
      publishedAt: new Date(AT.getTime() - 60_000),
      isPublished: true,
    });
    expect(await buildSitemap(app.ctx, county!.slug)).not.toContain('/blog/due-by-the-clock');
    onTheClock();
    expect(await buildSitemap(app.ctx, county!.slug)).toContain('/blog/due-by-the-clock');
  });
});
