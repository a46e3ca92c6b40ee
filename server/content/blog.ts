import { and, desc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { readingMinutes } from '@shared/reading-time';
import type { BlogPost, BlogPostSummary } from '@shared/schemas/blog';
import type { AppContext } from '../context';
import type { Freshness, Frozen } from '../directory';
import { blogPosts, type BlogPostRow } from '../db/schema';
import { notFound } from '../domain/errors';
import { renderMarkdown } from './markdown';
import { countyIdOfSlug } from '../counties/county-id';

/**
 * Published, due (a post scheduled for later stays hidden until its date on the app's clock, which
 * tests move) and on this county's site: its own posts and those of every site
 * (docs/decisions/0104-county-content.md).
 */
export const isLive = (county: string, now: Date) =>
  and(
    eq(blogPosts.isPublished, true),
    lte(blogPosts.publishedAt, now),
    or(isNull(blogPosts.regionId), eq(blogPosts.regionId, countyIdOfSlug(county))),
  );

function toSummary(row: BlogPostRow): BlogPostSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    keywords: row.keywords,
    author: row.author,
    publishedAt: row.publishedAt.toISOString(),
    viewCount: row.viewCount,
    readMinutes: readingMinutes(row.content),
  };
}

type BlogContext = Pick<AppContext, 'db' | 'clock' | 'directory' | 'memo'>;

/** The county's posts, newest first, without the bodies. Kept by the read model, by county, for outages (STALE_IF_ERROR). */
export function listPublishedPosts(
  ctx: BlogContext,
  county: string,
  freshness?: Freshness,
): Promise<Frozen<BlogPostSummary[]>> {
  return ctx.directory.read(
    county,
    'blog',
    async () => {
      const rows = await ctx.db
        .select()
        .from(blogPosts)
        .where(isLive(county, ctx.clock.now()))
        .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id));
      return rows.map(toSummary);
    },
    freshness,
  );
}

/**
 * Counts a view and returns the post with the new count, in one statement so concurrent views are
 * not lost. Another county's post is not found. While the database is unreachable the post is answered as last read, uncounted.
 */
export function viewPost(
  ctx: BlogContext,
  county: string,
  slug: string,
  freshness?: Freshness,
): Promise<Frozen<BlogPost>> {
  return ctx.directory.read(
    county,
    `blog/${slug}`,
    async (): Promise<BlogPost> => {
      const [row] = await ctx.db
        .update(blogPosts)
        // updated_at tracks edits to the post, not readers, so it is kept as it was.
        .set({ viewCount: sql`${blogPosts.viewCount} + 1`, updatedAt: sql`${blogPosts.updatedAt}` })
        .where(and(eq(blogPosts.slug, slug), isLive(county, ctx.clock.now())))
        .returning();
      if (!row) throw notFound('Blog post not found');
      return {
        ...toSummary(row),
        content: row.content,
        html: await htmlOf(ctx, row),
        metaDescription: row.metaDescription,
        updatedAt: row.updatedAt.toISOString(),
      };
    },
    freshness,
  );
}

/** Rendered bodies by post, stamped with its edit time: a view does not change updated_at, an edit does. */
function htmlOf(ctx: BlogContext, row: BlogPostRow): Promise<string> {
  const key = `blog-html/${row.id}`;
  return ctx.memo.get(key, row.updatedAt.getTime(), () => {
    const html = renderMarkdown(row.content);
    html.catch(() => ctx.memo.forget(key, html));
    return html;
  });
}
