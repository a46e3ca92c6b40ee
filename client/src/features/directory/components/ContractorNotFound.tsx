import type { ReactNode } from 'react';
import { NotFoundFrame } from '@/components/not-found-frame';

/** A profile or quote page whose contractor is not listed (404); `children` is the way on. */
export function ContractorNotFound({ children }: { children: ReactNode }) {
  return (
    <NotFoundFrame
      title="Contractor Not Found"
      description="This contractor is not listed."
      path="/browse"
      message="The contractor you're looking for doesn't exist or has been removed."
    >
      {children}
    </NotFoundFrame>
  );
}
