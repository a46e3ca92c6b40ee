import { ArrowRight } from 'lucide-react';
import { Link } from 'wouter';
import type { BlogPostSummary } from '@shared/schemas/blog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { BlogKeywords, BlogMeta } from './BlogMeta';
import { BlogKeywordsSkeleton, BlogTextSkeleton } from './BlogSkeletons';

export function BlogCard({ post }: { post: BlogPostSummary }) {
  const href = `/blog/${post.slug}`;
  return (
    <Card className="flex h-full flex-col transition-shadow hover:shadow-md">
      <CardHeader className="gap-3">
        <h2 className="text-xl font-semibold leading-snug">
          <Link
            href={href}
            className="rounded-sm hover:text-primary hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {post.title}
          </Link>
        </h2>
        <BlogMeta post={post} />
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-4">
        <p className="leading-relaxed text-muted-foreground">{post.excerpt}</p>
        <BlogKeywords keywords={post.keywords} />
        <Button asChild variant="outline" className="mt-auto self-start">
          <Link href={href}>
            Read Full Article
            {/* Every card has this link; the title tells them apart for screen readers. */}
            <span className="sr-only">{`: ${post.title}`}</span>
            <ArrowRight className="h-4 w-4" aria-hidden="true" />
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

export function BlogCardSkeleton() {
  return (
    <Card className="flex h-full flex-col">
      <CardHeader className="gap-3">
        <Skeleton className="h-6 w-5/6" />
        <Skeleton className="h-4 w-2/3" />
      </CardHeader>
      <CardContent className="space-y-3">
        <BlogTextSkeleton widths={['w-full', 'w-full', 'w-3/4']} />
        <BlogKeywordsSkeleton className="pt-1" />
        <Skeleton className="h-10 w-44" />
      </CardContent>
    </Card>
  );
}
