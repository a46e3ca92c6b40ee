import { useQuery } from '@tanstack/react-query';
import type { ContractorPage } from '@shared/schemas/directory';
import { QueryView } from '@/components/query-view';
import { LinkButton } from '@/components/ui/button';
import { ContractorList, ContractorPlaceholders, FEATURED_COUNT, featuredKey, isRated } from '@/features/directory';
import { useRegion } from '@/lib/region';

/**
 * A county whose site lists no one yet says what is coming instead of an empty section
 * (docs/decisions/0133-launch-figures-and-honest-home.md): the directory to come back to, and the
 * way in for a contractor of the county.
 */
function JoiningSoon({ county }: { county: string }) {
  return (
    <section className="container mx-auto px-4 py-12" aria-labelledby="featured-heading">
      <div className="rounded-lg border border-dashed p-8 text-center">
        <h2 id="featured-heading" className="text-2xl font-bold">
          {`Contractors are joining ${county}`}
        </h2>
        <p className="mx-auto mt-2 max-w-xl text-muted-foreground">
          {`No one is listed here yet. Browse the directory as it fills, or list your ${county} business for free.`}
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <LinkButton href="/browse">Browse the Directory</LinkButton>
          <LinkButton href="/submit-business" variant="outline">
            Submit Your Business
          </LinkButton>
        </div>
      </div>
    </section>
  );
}

/** Premium subscribers first, then the highest rated (docs/decisions/0002-server-side-filtering.md). */
export function FeaturedContractors() {
  const region = useRegion();
  const query = useQuery<ContractorPage>({ queryKey: featuredKey });
  if (query.data && query.data.contractors.length === 0) return <JoiningSoon county={region.county} />;
  const rated = query.data?.contractors.some(isRated) ?? true;
  return (
    <section className="container mx-auto px-4 py-12" aria-labelledby="featured-heading">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="featured-heading" className="text-2xl font-bold">
            Featured Contractors
          </h2>
          <p className="text-muted-foreground">
            {rated ? `Top-rated local pros serving ${region.county}` : `Local pros serving ${region.county}`}
          </p>
        </div>
        <LinkButton href="/browse" variant="outline">
          Browse All Contractors
        </LinkButton>
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
