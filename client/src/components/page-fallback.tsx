import { Skeleton } from '@/components/ui/skeleton';

/** Shown while a page's code loads after a client-side navigation. */
export function PageFallback() {
  return (
    <div className="container mx-auto space-y-4 px-4 py-10" role="status" aria-label="Loading">
      <Skeleton className="h-8 w-1/2" />
      <Skeleton className="h-4 w-3/4" />
      <Skeleton className="h-4 w-2/3" />
    </div>
  );
}
