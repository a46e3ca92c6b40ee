import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';

/** Lines of a post's text to come: one bar a width class (w-full, w-3/4). */
export function BlogTextSkeleton({ widths }: { widths: readonly string[] }) {
  return widths.map((w, i) => <Skeleton key={i} className={cn('h-4', w)} />);
}

/** Where a post's topics will be, while it loads. */
export function BlogKeywordsSkeleton({ className }: { className?: string }) {
  return (
    <div className={cn('flex gap-2', className)}>
      <Skeleton className="h-5 w-24 rounded-full" />
      <Skeleton className="h-5 w-20 rounded-full" />
    </div>
  );
}
