import type { PublicContractor } from '@shared/schemas/directory';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { ContractorCard, type ViewMode } from './ContractorCard';

const layout = (view: ViewMode) => (view === 'grid' ? 'grid gap-4 sm:grid-cols-2 xl:grid-cols-3' : 'grid gap-4');

export function ContractorList({ contractors, view }: { contractors: PublicContractor[]; view: ViewMode }) {
  return (
    <ul className={layout(view)} aria-label="Contractors">
      {contractors.map((c) => (
        <li key={c.id}>
          <ContractorCard contractor={c} view={view} />
        </li>
      ))}
    </ul>
  );
}

/** Placeholder cards while the list loads. */
export function ContractorPlaceholders({ count, view = 'grid' }: { count: number; view?: ViewMode }) {
  return (
    <div className={cn(layout(view))} role="status" aria-label="Loading contractors">
      {Array.from({ length: count }, (_, i) => (
        <Card key={i} className="flex flex-col gap-3 p-5" data-testid="contractor-placeholder">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-10 w-full" />
        </Card>
      ))}
    </div>
  );
}
