import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { BlogPost, BlogPostSummary } from '@shared/schemas/blog';

/** The same keys are declared by the routes (answered during server rendering) and read by the pages. */
export const blogListKey = ['/api/blog'] as const;
export const blogPostKey = (slug: string) => ['/api/blog/' + encodeURIComponent(slug)] as const;

export function useBlogPosts() {
  return useQuery<BlogPostSummary[]>({ queryKey: blogListKey });
}

/** Fetching a post counts a view; the cached list is given the new count so going back shows it. */
export function useBlogPost(slug: string, options: { enabled?: boolean } = {}) {
  const queryClient = useQueryClient();
  const query = useQuery<BlogPost>({ queryKey: blogPostKey(slug), enabled: options.enabled ?? true });
  const post = query.data;
  useEffect(() => {
    if (!post) return;
    queryClient.setQueryData<BlogPostSummary[]>(blogListKey, (list) =>
      list?.map((p) => (p.slug === post.slug ? { ...p, viewCount: post.viewCount } : p)),
    );
  }, [post, queryClient]);
  return query;
}
