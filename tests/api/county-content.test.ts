import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogPosts, leadDeliveries, newsletterSubscribers, outboxEmails, regions } from '../../server/db/schema';
import { listPublishedPosts, viewPost } from '../../server/content/blog';
import { subscribe } from '../../server/content/newsletter';
import { sendFollowUp } from '../../server/reviews/review-follow-ups';
import { createContractor, createLead } from '../support/factories';
import { addCounty } from '../../server/counties/counties';
import { freshDatabase, migrationsBefore, type MigrationSubject } from '../support/migration-db';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Blog posts and newsletter subscribers belong to a county (docs/decisions/0104-county-content.md):
 * a county's site shows its own posts and the posts of every site, never another county's; an
 * address subscribes to one county's newsletter at a time, and may read two.
 */
describe("a county's blog and newsletter", () => {
  let app: TestApp;
  let wyomingId: number;
  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMIT: 'false' });
    await addCounty(app.ctx, 'wyoming');
    [{ id: wyomingId }] = (await app.ctx.db
      .select({ id: regions.id })
      .from(regions)
      .where(eq(regions.slug, 'wyoming'))) as [{ id: number }];
  });
  afterAll(() => app?.close());

  const post = (slug: string, regionId: number | null) => ({
    slug,
    regionId,
    title: `Post ${slug}`,
    content: 'Body text.',
    excerpt: 'Excerpt.',
    metaDescription: 'Meta.',
    author: 'Test Author',
    publishedAt: new Date(Date.now() - 86_400_000),
  });

  it("lists a county's own posts and every site's posts, and finds no other county's post", async () => {
    await app.ctx.db
      .insert(blogPosts)
      .values([post('wyoming-river-homes', wyomingId), post('every-county-winter', null)]);
    const sullivan = (await listPublishedPosts(app.ctx, 'sullivan')).map((p) => p.slug);
    const wyoming = (await listPublishedPosts(app.ctx, 'wyoming')).map((p) => p.slug);
    expect(sullivan).toContain('every-county-winter');
    expect(sullivan).not.toContain('wyoming-river-homes');
    expect(wyoming).toEqual(expect.arrayContaining(['wyoming-river-homes', 'every-county-winter']));
    // The seeded posts have no county: every site shows them.
    expect(wyoming).toHaveLength(sullivan.length + 1);
    await expect(viewPost(app.ctx, 'wyoming', 'wyoming-river-homes')).resolves.toMatchObject({
      slug: 'wyoming-river-homes',
    });
    await expect(viewPost(app.ctx, 'sullivan', 'wyoming-river-homes')).rejects.toMatchObject({ kind: 'not_found' });
    // On the default county's address the API answers the same as the service.
    const res = await app.client().get('/api/blog');
    expect(res.body.map((p: { slug: string }) => p.slug)).toEqual(sullivan);
    expect((await app.client().get('/api/blog/wyoming-river-homes')).status).toBe(404);
    // Nor does the default county's sitemap name it.
    const sitemap = (await app.client().get('/sitemap.xml')).text;
    expect(sitemap).toContain('/blog/every-county-winter');
    expect(sitemap).not.toContain('wyoming-river-homes');
  });

  it('subscribes an address to the newsletter of the site it was sent on, once per county', async () => {
    const email = 'reader@example.com';
    const res = await app.client().post('/api/newsletter', { email });
    expect(res.status).toBe(201);
    await subscribe(app.ctx, email.toUpperCase(), 'wyoming');
    const rows = await app.ctx.db
      .select({ county: regions.slug })
      .from(newsletterSubscribers)
      .innerJoin(regions, eq(regions.id, newsletterSubscribers.regionId))
      .where(sql`lower(${newsletterSubscribers.email}) = ${email}`)
      .orderBy(regions.slug);
    expect(rows.map((r) => r.county)).toEqual(['sullivan', 'wyoming']);
    await expect(subscribe(app.ctx, email, 'wyoming')).rejects.toMatchObject({ kind: 'conflict' });
    expect((await app.client().post('/api/newsletter', { email })).status).toBe(409);
  });

  /** The newest email of a kind to an address. */
  const mailTo = async (to: string, kind: string) =>
    (
      await app.ctx.db
        .select()
        .from(outboxEmails)
        .where(and(eq(outboxEmails.toAddress, to), eq(outboxEmails.kind, kind)))
        .orderBy(desc(outboxEmails.id))
    )[0]!;
  const wyomingSite = () => `http://wyoming.localhost:${new URL(app.url).port}`;

  it("words a county's homeowner emails for its site and links to it", async () => {
    await subscribe(app.ctx, 'river-reader@example.com', 'wyoming');
    const welcome = await mailTo('river-reader@example.com', 'newsletter-welcome');
    expect(welcome.subject).toBe('Welcome to the Wyoming County Contractors newsletter');
    expect(welcome.textBody).toContain('trusted contractors in Wyoming County, PA');
    expect(welcome.textBody).toContain(`${wyomingSite()}/newsletter/unsubscribe?token=`);

    const contractor = await createContractor(app.ctx.db);
    const lead = await createLead(app.ctx.db, { email: 'river-owner@example.com', regionId: wyomingId });
    const [delivery] = await app.ctx.db
      .insert(leadDeliveries)
      .values({ leadId: lead.id, contractorId: contractor.id, priceCents: 2500, paymentState: 'credited' })
      .returning();
    await sendFollowUp(app.ctx, delivery!.id);
    const ask = await mailTo('river-owner@example.com', 'review-request');
    expect(ask.textBody).toContain('through Wyoming County Contractors');
    expect(ask.textBody).toMatch(new RegExp(`${wyomingSite()}/review/[\\w.-]+`));
    expect(ask.textBody).toContain(`${wyomingSite()}/review-policy`);
  });
});

describe('migration 0018: the subscribers already there read the default county’s newsletter', () => {
  let subject: MigrationSubject;
  let cleanup = () => {};
  beforeAll(async () => {
    subject = await freshDatabase();
    const before = migrationsBefore('0018_county_content');
    cleanup = before.cleanup;
    await subject.migrateTo(before.folder);
    await subject.database.db.execute(
      sql`insert into newsletter_subscribers (email, unsubscribe_token) values ('old@example.com', 'old-token')`,
    );
    await subject.database.db.execute(
      sql`insert into blog_posts (slug, title, content, excerpt, meta_description, author, published_at) values ('old-post', 'Old', 'Body.', 'Excerpt.', 'Meta.', 'Author', now())`,
    );
    await subject.database.migrate();
  });
  afterAll(async () => {
    await subject?.drop();
    cleanup();
  });

  it('gives every subscriber the default county and leaves every post on every site', async () => {
    const { db } = subject.database;
    const [sullivan] = await db.select({ id: regions.id }).from(regions).where(eq(regions.isDefault, true));
    expect(
      await db
        .select({ email: newsletterSubscribers.email, regionId: newsletterSubscribers.regionId })
        .from(newsletterSubscribers),
    ).toEqual([{ email: 'old@example.com', regionId: sullivan!.id }]);
    expect(await db.select({ slug: blogPosts.slug, regionId: blogPosts.regionId }).from(blogPosts)).toEqual([
      { slug: 'old-post', regionId: null },
    ]);
  });
});
