import { ArrowLeft, FileQuestion, Search, TriangleAlert } from 'lucide-react';
import { Link } from 'wouter';
import { isBlogSlug } from '@shared/blog-slug';
import type { BlogPost } from '@shared/schemas/blog';
import { Head } from '@/components/head';
import { useSiteConfig } from '@/lib/site-config';
import { useRegion } from '@/lib/region';
import type { RouteInput } from '@/lib/route-input';
import { useHttpStatus } from '@/lib/server-context';
import { breadcrumbJsonLd, Breadcrumbs, type Crumb } from '@/components/breadcrumbs';
import { Button, LinkButton } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useBlogPost } from './api';
import { blogPostingJsonLd } from './blog-posting';
import { BlogKeywords, BlogMeta } from './components/BlogMeta';
import { BlogKeywordsSkeleton, BlogTextSkeleton } from './components/BlogSkeletons';
import { ArticleBody } from './components/ArticleBody';

function Article({ post }: { post: BlogPost }) {
  const region = useRegion();
  const { siteUrl } = useSiteConfig();
  const path = `/blog/${post.slug}`;
  const crumbs: Crumb[] = [
    { label: 'Home', href: '/' },
    { label: 'Blog', href: '/blog' },
    { label: post.title, href: path },
  ];
  return (
    <div className="container mx-auto max-w-3xl px-4 py-8 md:py-12">
      <Head
        title={`${post.title} | ${region.siteTitle}`}
        description={post.metaDescription}
        path={path}
        keywords={post.keywords}
        ogType="article"
        jsonLd={[blogPostingJsonLd(post, siteUrl, region.siteTitle), breadcrumbJsonLd(crumbs, siteUrl)]}
      />
      <Breadcrumbs crumbs={crumbs} />
      <article className="mt-6">
        <header className="border-b pb-6">
          <h1 className="text-2xl font-bold leading-tight tracking-tight sm:text-3xl md:text-4xl">{post.title}</h1>
          <BlogMeta post={post} className="mt-4" />
          <BlogKeywords keywords={post.keywords} className="mt-4" />
        </header>
        <ArticleBody html={post.html} className="mt-8" />
      </article>
      <div className="mt-12 flex flex-col gap-3 border-t pt-8 sm:flex-row">
        <Button asChild variant="outline">
          <Link href="/blog">
            <ArrowLeft className="h-4 w-4" aria-hidden="true" />
            Back to Blog
          </Link>
        </Button>
        <Button asChild>
          <Link href="/browse">
            <Search className="h-4 w-4" aria-hidden="true" />
            Find Contractors
          </Link>
        </Button>
      </div>
    </div>
  );
}

function ArticleSkeleton() {
  return (
    <div
      className="container mx-auto max-w-3xl space-y-6 px-4 py-8 md:py-12"
      role="status"
      aria-label="Loading blog post"
    >
      <Skeleton className="h-4 w-48" />
      <Skeleton className="h-10 w-11/12" />
      <Skeleton className="h-4 w-2/3" />
      <BlogKeywordsSkeleton />
      <div className="space-y-3 pt-4">
        <BlogTextSkeleton widths={['w-full', 'w-full', 'w-5/6', 'w-full', 'w-3/4']} />
      </div>
    </div>
  );
}

function Problem({ slug, status }: { slug: string; status: number }) {
  const region = useRegion();
  const missing = status < 500;
  useHttpStatus(missing ? 404 : status);
  const Icon = missing ? FileQuestion : TriangleAlert;
  const [title, message] = missing
    ? ['Blog Post Not Found', "The blog post you're looking for doesn't exist or has been removed."]
    : ['Blog Post Unavailable', "We couldn't load this article right now. Please try again in a moment."];
  return (
    <div className="container mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center md:py-24">
      <Head
        title={`${title} | ${region.siteTitle}`}
        description="The blog post you're looking for doesn't exist or has been removed."
        path={`/blog/${encodeURIComponent(slug)}`}
        robots="noindex, follow"
      />
      <Icon className="h-12 w-12 text-muted-foreground" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold md:text-3xl">{title}</h1>
      <p className="mt-2 text-muted-foreground">{message}</p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <LinkButton href="/blog">Back to Blog</LinkButton>
        <LinkButton href="/" variant="outline">
          Back to Home
        </LinkButton>
      </div>
    </div>
  );
}

/** A failed query's status: an ApiError in the browser, a plain object when hydrated from the server. */
const statusOf = (error: unknown) => {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status > 0 ? status : 500;
};

export default function BlogPostPage({ params }: RouteInput) {
  const slug = params.slug ?? '';
  // An address no post can have is answered without asking the server.
  const valid = isBlogSlug(slug.trim());
  const { data: post, error } = useBlogPost(slug, { enabled: valid });
  if (!valid) return <Problem slug={slug} status={404} />;
  if (error) return <Problem slug={slug} status={statusOf(error)} />;
  if (!post) return <ArticleSkeleton />;
  return <Article post={post} />;
}
