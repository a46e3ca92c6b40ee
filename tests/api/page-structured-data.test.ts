import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { region } from '@shared/region';
import { blogPosts, leadDeliveries, reviews } from '../../server/db/schema';
import { seedBlogPosts } from '../../server/db/seed/data/blog-posts';
import { createContractor, createLead } from '../support/factories';
import type { TestClient } from '../support/http-client';
import {
  bodyMarkup,
  breadcrumbList,
  htmlText,
  jsonLd,
  jsonLdOf,
  metaDescription,
  visibleTrail,
} from '../support/page-markup';
import { servePages } from '../support/page-server';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * What the public pages tell a homeowner and a search engine beyond their content: a contractor
 * without a published review has no rating anywhere (docs/decisions/0094-no-rating-without-a-review.md),
 * every breadcrumb trail has its BreadcrumbList (docs/decisions/0095-breadcrumbs-and-their-markup.md),
 * and a post's BlogPosting says when it changed and who publishes it (docs/decisions/0096-blog-posting-markup.md).
 */

let app: TestApp;
/** The app with the server renderer, for pages. */
let pages: TestClient;
let closePages: (() => Promise<void>) | undefined;
let site: string;

beforeAll(async () => {
  app = await startTestApp();
  ({ client: pages, close: closePages } = await servePages(app.ctx));
  site = app.ctx.siteUrl;
});
afterAll(async () => {
  await closePages?.();
  await app?.close();
});

async function page(path: string): Promise<string> {
  const res = await pages.get(path);
  expect(res.status, path).toBe(200);
  return res.text;
}

/** A published review written straight to the table; the rating trigger (migration 0012) counts it as any path's. */
async function publishedReview(contractorId: number, rating: number) {
  const lead = await createLead(app.ctx.db, { requestedContractorId: contractorId });
  const [delivery] = await app.ctx.db
    .insert(leadDeliveries)
    .values({ leadId: lead.id, contractorId, priceCents: 0, paymentState: 'credited', creditedAt: new Date() })
    .returning();
  const [review] = await app.ctx.db
    .insert(reviews)
    .values({
      leadId: lead.id,
      deliveryId: delivery!.id,
      contractorId,
      contacted: true,
      hired: true,
      rating,
      authorName: 'Dana',
    })
    .returning();
  return review!.id;
}

describe('a contractor with no published reviews', () => {
  /** The profile's rating as a visitor, a search result and a crawler read it. */
  async function profileRating(id: number) {
    const html = await page(`/contractor/${id}`);
    // The profile's own header (name, place, rating), inside the page's main, not the site's.
    const main = bodyMarkup(html).slice(bodyMarkup(html).indexOf('<main'));
    const header = /<header[\s\S]*?<\/header>/.exec(main)![0];
    return {
      html,
      header,
      description: metaDescription(html),
      business: jsonLdOf(html, 'HomeAndConstructionBusiness'),
    };
  }

  it("a new listing's profile says 'No reviews yet' and its description and markup carry no rating", async () => {
    const c = await createContractor(app.ctx.db, { name: 'Fresh Start Builders' });
    expect(c.reviewCount).toBe(0);
    const { html, header, description, business } = await profileRating(c.id);
    expect(header).toContain('No reviews yet');
    expect(bodyMarkup(html)).not.toContain('0.0');
    expect(bodyMarkup(html)).not.toContain('0 reviews');
    expect(description).toBe('Fresh Start Builders in Laporte, PA: General Contracting. Request a free quote.');
    expect(business).not.toHaveProperty('aggregateRating');
  });

  it('a contractor whose only review is hidden loses its rating everywhere, and gets it back when it is shown again', async () => {
    const c = await createContractor(app.ctx.db, { name: 'Second Chance Roofing', services: ['roofing'] });
    const review = await publishedReview(c.id, 4);

    const rated = await profileRating(c.id);
    expect(htmlText(rated.header)).toContain('4.0(1 review)');
    expect(rated.header).not.toContain('No reviews yet');
    expect(rated.description).toBe(
      'Second Chance Roofing in Laporte, PA: Roofing. Rated 4.0 from 1 review. Request a free quote.',
    );
    expect(rated.business.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4,
      reviewCount: 1,
      bestRating: 5,
      worstRating: 1,
    });

    await app.ctx.db
      .update(reviews)
      .set({ status: 'hidden', hiddenReason: 'abuse', hiddenAt: new Date() })
      .where(eq(reviews.id, review));
    const hidden = await profileRating(c.id);
    expect(hidden.header).toContain('No reviews yet');
    expect(bodyMarkup(hidden.html)).not.toContain('0.0');
    expect(hidden.description).toBe('Second Chance Roofing in Laporte, PA: Roofing. Request a free quote.');
    expect(hidden.business).not.toHaveProperty('aggregateRating');

    await app.ctx.db
      .update(reviews)
      .set({ status: 'published', hiddenReason: null, hiddenAt: null })
      .where(eq(reviews.id, review));
    const shown = await profileRating(c.id);
    expect(htmlText(shown.header)).toContain('4.0(1 review)');
    expect(shown.business.aggregateRating).toMatchObject({ ratingValue: 4, reviewCount: 1 });
  });
});

describe('breadcrumbs', () => {
  it("a profile's BreadcrumbList is its visible trail: Home / Contractors / name", async () => {
    // Characters React and JSON escape differently, so the two are compared as read, not as written.
    const c = await createContractor(app.ctx.db, { name: "O'Neill & Sons Masonry" });
    const html = await page(`/contractor/${c.id}`);
    const expected = [
      [1, 'Home', `${site}/`],
      [2, 'Contractors', `${site}/browse`],
      [3, "O'Neill & Sons Masonry", `${site}/contractor/${c.id}`],
    ];
    expect(visibleTrail(html, site)).toEqual(expected);
    expect(breadcrumbList(html)).toEqual(expected);
  });

  it("a post's BreadcrumbList is its visible trail: Home / Blog / title", async () => {
    const post = seedBlogPosts[0]!;
    const html = await page(`/blog/${post.slug}`);
    const expected = [
      [1, 'Home', `${site}/`],
      [2, 'Blog', `${site}/blog`],
      [3, post.title, `${site}/blog/${post.slug}`],
    ];
    expect(visibleTrail(html, site)).toEqual(expected);
    expect(breadcrumbList(html)).toEqual(expected);
  });

  it('every other page with a trail carries the same BreadcrumbList: a service page and the quote page', async () => {
    const c = await createContractor(app.ctx.db, { name: 'Trail Check Carpentry', services: ['general-contracting'] });
    for (const path of [
      '/contractors/general-contracting/laporte',
      '/contractors/general-contracting',
      `/contractor/${c.id}/quote`,
    ]) {
      const html = await page(path);
      const trail = visibleTrail(html, site);
      expect(trail.length, path).toBeGreaterThanOrEqual(2);
      expect(breadcrumbList(html), path).toEqual(trail);
    }
  });
});

describe("a blog post's BlogPosting", () => {
  const HOUR = 3_600_000;
  let n = 0;
  /** A live post of the test's own, published and last edited when given. */
  async function post({ publishedAt, updatedAt }: { publishedAt: Date; updatedAt: Date }) {
    const slug = `structured-data-post-${++n}`;
    await app.ctx.db.insert(blogPosts).values({
      slug,
      title: `Post ${n}`,
      content: 'Body text.',
      excerpt: 'Excerpt.',
      metaDescription: 'Meta.',
      keywords: ['decks'],
      author: 'Test Author',
      publishedAt,
      updatedAt,
    });
    return slug;
  }

  it('is modified when the post was last edited, and published by the site as an Organization', async () => {
    const publishedAt = new Date(Date.now() - 48 * HOUR);
    const edited = new Date(Date.now() - 2 * HOUR);
    const slug = await post({ publishedAt, updatedAt: edited });
    const html = await page(`/blog/${slug}`);
    const posting = jsonLdOf(html, 'BlogPosting');
    expect(posting).toMatchObject({
      datePublished: publishedAt.toISOString(),
      dateModified: edited.toISOString(),
      author: { '@type': 'Person', name: 'Test Author' },
    });
    expect(posting.publisher).toEqual({
      '@type': 'Organization',
      '@id': `${site}/#organization`,
      name: region.siteTitle,
      url: `${site}/`,
    });
    // The same organization the page describes in full.
    const [organization] = jsonLd(html);
    expect(organization).toMatchObject({
      '@type': 'Organization',
      '@id': posting.publisher['@id'],
      name: region.siteTitle,
    });
  });

  it('follows an edit, and a view is not an edit', async () => {
    const slug = await post({
      publishedAt: new Date(Date.now() - 48 * HOUR),
      updatedAt: new Date(Date.now() - 24 * HOUR),
    });
    await app.ctx.db.update(blogPosts).set({ content: 'Body text, corrected.' }).where(eq(blogPosts.slug, slug));
    const [row] = await app.ctx.db
      .select({ updatedAt: blogPosts.updatedAt })
      .from(blogPosts)
      .where(eq(blogPosts.slug, slug));
    expect(jsonLdOf(await page(`/blog/${slug}`), 'BlogPosting').dateModified).toBe(row!.updatedAt.toISOString());
    // The view that page counted left the time as it was.
    expect(jsonLdOf(await page(`/blog/${slug}`), 'BlogPosting').dateModified).toBe(row!.updatedAt.toISOString());
  });

  it('is never modified before it was published: a post written ahead of its date was modified when it appeared', async () => {
    const publishedAt = new Date(Date.now() - HOUR);
    const slug = await post({ publishedAt, updatedAt: new Date(Date.now() - 72 * HOUR) });
    const posting = jsonLdOf(await page(`/blog/${slug}`), 'BlogPosting');
    expect(posting.dateModified).toBe(publishedAt.toISOString());
    expect(posting.datePublished).toBe(publishedAt.toISOString());
  });
});
