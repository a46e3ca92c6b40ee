import type { ReactNode } from 'react';
import { Head } from '@/components/head';
import { useRegion } from '@/lib/region';

/** An admin page's head tags (never indexed) and its one h1, with optional actions beside it. */
export function PageHeader({
  title,
  description,
  path,
  actions,
}: {
  title: string;
  description: string;
  path: string;
  actions?: ReactNode;
}) {
  const region = useRegion();
  return (
    <>
      <Head
        title={`${title} | ${region.siteTitle} Admin`}
        description={description}
        path={path}
        robots="noindex, nofollow"
      />
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight md:text-3xl">{title}</h1>
          <p className="mt-1 text-sm text-muted-foreground">{description}</p>
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
    </>
  );
}
