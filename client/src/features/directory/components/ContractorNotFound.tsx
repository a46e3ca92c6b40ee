import type { ReactNode } from 'react';
import { Head } from '@/components/head';
import { useRegion } from '@/lib/region';
import { useHttpStatus } from '@/lib/server-context';

/** A profile or quote page whose contractor is not listed (404); `children` is the way on. */
export function ContractorNotFound({ children }: { children: ReactNode }) {
  const region = useRegion();
  useHttpStatus(404);
  return (
    <div className="container mx-auto flex flex-col items-center px-4 py-24 text-center">
      <Head
        title={`Contractor Not Found | ${region.siteTitle}`}
        description="This contractor is not listed."
        path="/browse"
        robots="noindex, follow"
      />
      <h1 className="text-2xl font-bold">Contractor Not Found</h1>
      <p className="mt-2 text-muted-foreground">The contractor you're looking for doesn't exist or has been removed.</p>
      {children}
    </div>
  );
}
