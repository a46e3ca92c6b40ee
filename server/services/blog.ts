import { and, desc, eq, lte, sql } from 'drizzle-orm';
import { readingMinutes } from '@shared/reading-time';
import type { BlogPost, BlogPostSummary } from '@shared/schemas/blog';
import type { Db } from '../db/client';
import { blogPosts, type BlogPostRow } from '../db/schema';
import { notFound } from '../http/errors';
import { renderMarkdown } from '../render/markdown';

/** Published and due: a post scheduled for later stays hidden until its date (database clock). */
const isLive = () => and(eq(blogPosts.isPublished, true), lte(blogPosts.publishedAt, sql`now()`));

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

/** Newest first, without the bodies. */
export async function listPublishedPosts(db: Db): Promise<BlogPostSummary[]> {
  const rows = await db.select().from(blogPosts).where(isLive()).orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id));
  return rows.map(toSummary);
}

/** Counts a view and returns the post with the new count, in one statement so concurrent views are not lost. */
export async function viewPost(db: Db, slug: string): Promise<BlogPost> {
  const [row] = await db
    .update(blogPosts)
    // updated_at tracks edits to the post, not readers, so it is kept as it was.
    .set({ viewCount: sql`${blogPosts.viewCount} + 1`, updatedAt: sql`${blogPosts.updatedAt}` })
    .where(and(eq(blogPosts.slug, slug), isLive()))
    .returning();
  if (!row) throw notFound('Blog post not found');
  return { ...toSummary(row), content: row.content, html: htmlOf(row), metaDescription: row.metaDescription };
}

/** Rendered bodies by post and edit time: a view does not change updated_at, an edit does. */
const rendered = new Map<string, string>();

function htmlOf(row: BlogPostRow): string {
  const key = `${row.id}:${row.updatedAt.getTime()}`;
  let html = rendered.get(key);
  if (html === undefined) {
    html = renderMarkdown(row.content);
    if (rendered.size >= 200) rendered.delete(rendered.keys().next().value!);
    rendered.set(key, html);
  }
  return html;
}
