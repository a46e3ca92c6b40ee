import type { ReactNode } from 'react';
import { Head } from '@/components/head';
import { cn } from '@/lib/cn';
import { useRegion } from '@/lib/region';
import { useHttpStatus } from '@/lib/server-context';

/** A page that answers 404: not indexed, its title as the h1, what is missing, then the way on (`children`). */
export function NotFoundFrame({
  title,
  description,
  path,
  message,
  mark,
  children,
}: {
  /** The page's title and heading, before the site's title. */
  title: string;
  description: string;
  path: string;
  message: string;
  /** What stands above the heading. */
  mark?: ReactNode;
  children: ReactNode;
}) {
  const region = useRegion();
  useHttpStatus(404);
  return (
    <div className="container mx-auto flex flex-col items-center px-4 py-24 text-center">
      <Head title={`${title} | ${region.siteTitle}`} description={description} path={path} robots="noindex, follow" />
      {mark}
      <h1 className={cn('text-2xl font-bold', mark !== undefined && 'mt-4')}>{title}</h1>
      <p className="mt-2 text-muted-foreground">{message}</p>
      {children}
    </div>
  );
}
