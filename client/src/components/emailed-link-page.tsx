import type { UseQueryResult } from '@tanstack/react-query';
import { LinkIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Head } from '@/components/head';
import { LinkNotice } from '@/components/link-notice';
import { QueryView } from '@/components/query-view';
import { Skeleton } from '@/components/ui/skeleton';
import { useRegion } from '@/lib/region';

/**
 * The frame of a page an emailed link opens by its token (a released request's alternative, a
 * request's own page): never indexed, a skeleton while it loads, and for a link that is not one of
 * ours (or no longer is) a plain "not valid" page under a 404 that names nothing.
 */
export function EmailedLinkPage<T>({
  title,
  description,
  path,
  query,
  what,
  invalid,
  children,
}: {
  /** The page's title, before the site's. */
  title: string;
  description: string;
  path: string;
  query: UseQueryResult<T>;
  what: string;
  /** What the "not valid" page says. */
  invalid: string;
  children: (data: T) => ReactNode;
}) {
  const region = useRegion();
  return (
    <div className="container mx-auto max-w-xl px-4 py-6 sm:py-12">
      <Head title={`${title} | ${region.siteTitle}`} description={description} path={path} robots="noindex, nofollow" />
      <QueryView
        query={query}
        what={what}
        loading={
          <div role="status" aria-label="Loading" className="grid gap-4">
            <Skeleton className="h-9 w-2/3" />
            <Skeleton className="h-40" />
          </div>
        }
        error={() => <LinkNotice icon={LinkIcon} title="This link is not valid" status={404} message={invalid} />}
      >
        {children}
      </QueryView>
    </div>
  );
}
