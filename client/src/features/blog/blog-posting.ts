import type { BlogPost } from '@shared/schemas/blog';
import { siteOrganization } from '@/components/head';

/**
 * schema.org BlogPosting of a post (docs/decisions/0096-blog-posting-markup.md): modified at its last edit, but
 * never before it was published (a post written ahead of its date), published by the site.
 */
export function blogPostingJsonLd(post: BlogPost, siteUrl: string, siteTitle: string): object {
  const modified = Date.parse(post.updatedAt) > Date.parse(post.publishedAt) ? post.updatedAt : post.publishedAt;
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.metaDescription,
    datePublished: post.publishedAt,
    dateModified: modified,
    author: { '@type': 'Person', name: post.author },
    publisher: siteOrganization(siteUrl, siteTitle),
    keywords: post.keywords.join(', '),
    mainEntityOfPage: { '@type': 'WebPage', '@id': `${siteUrl}/blog/${post.slug}` },
  };
}
