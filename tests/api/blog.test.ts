import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogPosts } from '../../server/db/schema';
import { seedBlogPosts } from '../../server/db/seed/data/blog-posts';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const wordCount = (s: string) => s.trim().split(/\s+/).length;
const DAY = 24 * 60 * 60 * 1000;

async function insertPost(slug: string, fields: { isPublished?: boolean; publishedAt?: Date } = {}) {
  await app.ctx.db.insert(blogPosts).values({
    slug,
    title: `Post ${slug}`,
    content: 'Body text.',
    excerpt: 'Excerpt.',
    metaDescription: 'Meta.',
    keywords: ['one'],
    author: 'Test Author',
    publishedAt: fields.publishedAt ?? new Date(Date.now() - DAY),
    isPublished: fields.isPublished ?? true,
  });
}

describe('GET /api/blog', () => {
  it('lists the seeded posts newest first with reading time and without bodies', async () => {
    const res = await app.client().get('/api/blog');
    expect(res.status).toBe(200);
    const expected = [...seedBlogPosts].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
    expect(res.body.map((p: { slug: string }) => p.slug)).toEqual(expected.map((p) => p.slug));
    res.body.forEach((post: Record<string, unknown>, i: number) => {
      const seed = expected[i]!;
      expect(post).toMatchObject({
        title: seed.title,
        excerpt: seed.excerpt,
        keywords: seed.keywords,
        author: seed.author,
        readMinutes: Math.ceil(wordCount(seed.content) / 200),
      });
      // An ISO timestamp on the seeded day.
      expect(post.publishedAt).toMatch(new RegExp(`^${seed.publishedAt}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$`));
      expect(typeof post.id).toBe('number');
      expect(typeof post.viewCount).toBe('number');
      expect(post).not.toHaveProperty('content');
    });
  });

  it('ignores unknown query parameters', async () => {
    const res = await app.client().get('/api/blog?page=2&foo=bar');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(seedBlogPosts.length);
  });
});

describe('GET /api/blog/:slug', () => {
  const seed = seedBlogPosts[0]!;
  const viewsNow = async () =>
    (await app.ctx.db.select({ n: blogPosts.viewCount }).from(blogPosts).where(eq(blogPosts.slug, seed.slug)))[0]!.n;

  it('returns the post and counts exactly one view per read', async () => {
    const before = await viewsNow();
    const first = await app.client().get(`/api/blog/${seed.slug}`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      slug: seed.slug,
      title: seed.title,
      content: seed.content,
      metaDescription: seed.metaDescription,
      keywords: seed.keywords,
      author: seed.author,
      viewCount: before + 1,
      readMinutes: Math.ceil(wordCount(seed.content) / 200),
    });
    const second = await app.client().get(`/api/blog/${seed.slug}`);
    expect(second.body.viewCount).toBe(before + 2);
    expect(await viewsNow()).toBe(before + 2);
  });

  it('counts concurrent views without losing any', async () => {
    const before = await viewsNow();
    await Promise.all(Array.from({ length: 10 }, () => app.client().get(`/api/blog/${seed.slug}`)));
    expect(await viewsNow()).toBe(before + 10);
  });

  it('shows the new count in the list', async () => {
    const list = await app.client().get('/api/blog');
    expect(list.body.find((p: { slug: string }) => p.slug === seed.slug).viewCount).toBe(await viewsNow());
  });

  it('answers an unknown slug with 404', async () => {
    const res = await app.client().get('/api/blog/no-such-post');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Blog post not found' });
  });

  it('refuses a malformed slug with 400 and field errors', async () => {
    for (const bad of ['%00', 'a'.repeat(300), 'not_a%20slug', '%3Cscript%3E']) {
      const res = await app.client().get(`/api/blog/${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.errors, bad).toHaveProperty('slug');
    }
  });

  it('neither lists nor serves unpublished or future posts', async () => {
    await insertPost('draft-post', { isPublished: false });
    await insertPost('future-post', { publishedAt: new Date(Date.now() + DAY) });
    await insertPost('live-test-post');
    const slugs = (await app.client().get('/api/blog')).body.map((p: { slug: string }) => p.slug);
    expect(slugs).toContain('live-test-post');
    expect(slugs).not.toContain('draft-post');
    expect(slugs).not.toContain('future-post');
    for (const slug of ['draft-post', 'future-post']) {
      const res = await app.client().get(`/api/blog/${slug}`);
      expect(res.status, slug).toBe(404);
    }
    const hidden = await app.ctx.db
      .select({ slug: blogPosts.slug, n: blogPosts.viewCount })
      .from(blogPosts)
      .where(eq(blogPosts.isPublished, false));
    expect(hidden).toEqual([{ slug: 'draft-post', n: 0 }]);
  });

  it('does not touch updated_at when counting a view', async () => {
    const [before] = await app.ctx.db
      .select({ at: blogPosts.updatedAt })
      .from(blogPosts)
      .where(eq(blogPosts.slug, seed.slug));
    await app.client().get(`/api/blog/${seed.slug}`);
    const [after] = await app.ctx.db
      .select({ at: blogPosts.updatedAt })
      .from(blogPosts)
      .where(eq(blogPosts.slug, seed.slug));
    expect(after!.at.getTime()).toBe(before!.at.getTime());
  });
});
