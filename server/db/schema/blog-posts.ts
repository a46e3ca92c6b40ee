import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { regions } from './regions';

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: serial('id').primaryKey(),
    /** The county whose site shows the post; null: every county's site (docs/decisions/0104-county-content.md). */
    regionId: integer('region_id').references(() => regions.id),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    excerpt: text('excerpt').notNull(),
    metaDescription: text('meta_description').notNull(),
    keywords: text('keywords').array().notNull().default([]),
    author: text('author').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    isPublished: boolean('is_published').notNull().default(true),
    viewCount: integer('view_count').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('blog_posts_published_at_idx').on(t.isPublished, t.publishedAt.desc().nullsFirst()),
    index('blog_posts_region_id_idx').on(t.regionId),
  ],
);

export type BlogPostRow = typeof blogPosts.$inferSelect;
