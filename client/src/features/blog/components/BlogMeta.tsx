import { CalendarDays, Clock, Eye, UserRound } from 'lucide-react';
import type { BlogPostSummary } from '@shared/schemas/blog';
import { Badge } from '@/components/ui/badge';
import { formatLongDate } from '@/lib/format';
import { cn } from '@/lib/cn';

/** Spec: a post shows at most 3 keyword badges. */
const MAX_KEYWORDS = 3;

const item = 'inline-flex items-center gap-1.5';
const icon = 'h-4 w-4 shrink-0';

/** Date · reading time · views (only when any) · author, as on the list and the post. */
export function BlogMeta({ post, className }: { post: BlogPostSummary; className?: string }) {
  return (
    <div className={cn('flex flex-wrap items-center gap-x-4 gap-y-1.5 text-sm text-muted-foreground', className)}>
      <span className={item}>
        <CalendarDays className={icon} aria-hidden="true" />
        <time dateTime={post.publishedAt}>{formatLongDate(post.publishedAt)}</time>
      </span>
      <span className={item}>
        <Clock className={icon} aria-hidden="true" />
        {`${post.readMinutes} min read`}
      </span>
      {post.viewCount > 0 && (
        <span className={item}>
          <Eye className={icon} aria-hidden="true" />
          {post.viewCount === 1 ? '1 view' : `${post.viewCount.toLocaleString('en-US')} views`}
        </span>
      )}
      <span className={item}>
        <UserRound className={icon} aria-hidden="true" />
        {`By ${post.author}`}
      </span>
    </div>
  );
}

export function BlogKeywords({ keywords, className }: { keywords: string[]; className?: string }) {
  if (keywords.length === 0) return null;
  return (
    <ul aria-label="Topics" className={cn('flex flex-wrap gap-2', className)}>
      {keywords.slice(0, MAX_KEYWORDS).map((k) => (
        <li key={k}>
          <Badge variant="secondary">{k}</Badge>
        </li>
      ))}
    </ul>
  );
}
