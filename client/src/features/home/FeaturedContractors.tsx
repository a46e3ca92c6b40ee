import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import type { ContractorPage } from '@shared/schemas/directory';
import { QueryView } from '@/components/query-view';
import { Button } from '@/components/ui/button';
import { ContractorList, ContractorPlaceholders, FEATURED_COUNT, featuredKey } from '@/features/directory';
import { useRegion } from '@/lib/region';

/** Premium subscribers first, then the highest rated (docs/decisions/0002-server-side-filtering.md). */
export function FeaturedContractors() {
  const region = useRegion();
  const query = useQuery<ContractorPage>({ queryKey: featuredKey });
  return (
    <section className="container mx-auto px-4 py-12" aria-labelledby="featured-heading">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="featured-heading" className="text-2xl font-bold">
            Featured Contractors
          </h2>
          <p className="text-muted-foreground">{`Top-rated local pros serving ${region.county}`}</p>
        </div>
        <Button asChild variant="outline">
          <Link href="/browse">Browse All Contractors</Link>
        </Button>
      </div>
      {/* Spec: 'Failed to load contractors. Please try again later.', with no retry. */}
      <QueryView
        query={query}
        what="contractors"
        retry="none"
        loading={<ContractorPlaceholders count={FEATURED_COUNT} />}
      >
        {(data) => <ContractorList contractors={data.contractors.slice(0, FEATURED_COUNT)} view="grid" />}
      </QueryView>
    </section>
  );
}
