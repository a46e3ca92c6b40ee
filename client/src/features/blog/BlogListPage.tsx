import { Newspaper } from 'lucide-react';
import { Head } from '@/components/head';
import type { RouteInput } from '@/lib/route-input';
import { EmptyState, QueryView } from '@/components/query-view';
import { useBlogPosts } from './api';
import { BlogCard, BlogCardSkeleton } from './components/BlogCard';
import { useRegion } from '@/lib/region';

/** Spec: 3 placeholder cards while the list loads. */
const PLACEHOLDERS = 3;
function PostList() {
  return (
    <QueryView
      query={useBlogPosts()}
      what="blog posts"
      loading={
        <ul className="grid gap-6 md:grid-cols-2" role="status" aria-label="Loading blog posts">
          {Array.from({ length: PLACEHOLDERS }, (_, i) => (
            <li key={i}>
              <BlogCardSkeleton />
            </li>
          ))}
        </ul>
      }
      empty={
        <EmptyState
          icon={<Newspaper className="h-10 w-10" aria-hidden="true" />}
          className="mx-auto max-w-xl px-6 py-16"
        >
          <p>No blog posts available yet.</p>
        </EmptyState>
      }
    >
      {(posts) => (
        <ul className="grid gap-6 md:grid-cols-2">
          {posts.map((post) => (
            <li key={post.id}>
              <BlogCard post={post} />
            </li>
          ))}
        </ul>
      )}
    </QueryView>
  );
}

export default function BlogListPage(_props: RouteInput) {
  const region = useRegion();
  const heading = `${region.county} Home Building Blog`;
  return (
    <div className="container mx-auto max-w-5xl px-4 py-10 md:py-14">
      <Head
        title={`${heading} | ${region.siteTitle}`}
        description={`Practical guides for building and remodeling in ${region.displayName}: permits, septic and wells, hiring a contractor, budgets and the local building season.`}
        path="/blog"
        keywords={[
          `${region.county} building`,
          'home building blog',
          `${region.stateName} contractors`,
          'remodeling advice',
          `building permits ${region.state}`,
        ]}
      />
      <header className="mx-auto mb-10 max-w-3xl text-center">
        <h1 className="text-3xl font-bold tracking-tight md:text-4xl">{heading}</h1>
        <p className="mt-3 text-lg leading-relaxed text-muted-foreground">{`Advice from local builders on permits, budgets, seasons and hiring the right contractor in ${region.county}.`}</p>
      </header>
      <PostList />
    </div>
  );
}
