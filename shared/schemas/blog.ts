import { z } from 'zod';
import { BLOG_SLUG_MAX, BLOG_SLUG_PATTERN } from '../blog-slug';

/** GET /api/blog takes no parameters; unknown query parameters are ignored. */
export const blogListQuery = z.object({});

/** The post address; slugs are plain words and dashes, so anything else is refused with 400. */
export const blogSlugParams = z.object({
  slug: z.string().trim().min(1).max(BLOG_SLUG_MAX).regex(BLOG_SLUG_PATTERN, 'Invalid post address'),
});

export interface BlogPostSummary {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  keywords: string[];
  author: string;
  /** ISO 8601. */
  publishedAt: string;
  viewCount: number;
  /** Word count / 200, rounded up; computed on the server so the list need not carry the body. */
  readMinutes: number;
}

export interface BlogPost extends BlogPostSummary {
  /** Markdown. */
  content: string;
  /** The body as HTML, rendered by the server from the markdown (no raw HTML passes through). */
  html: string;
  metaDescription: string;
  /** ISO 8601: the post's last edit (views do not count), for the page's `dateModified`. */
  updatedAt: string;
}
