import { SlidersHorizontal } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { region } from '@shared/region';
import { Head } from '@/app/head';
import type { RouteInput } from '@/app/route-input';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeCheckbox, NativeSelect } from '@/components/ui/native-select';
import { cn } from '@/lib/cn';
import { browseHref, browseKey, readBrowseState, useContractorPage, type BrowseSort, type BrowseState } from './api';
import { ContractorList, ContractorPlaceholders } from './components/ContractorResults';
import { Pagination } from './components/Pagination';
import { RatingFilter } from './components/RatingFilter';
import { ResultsError } from './components/ResultsError';
import { LocationSelect } from './components/Selectors';
import { ViewToggle } from './components/ViewToggle';

const SORT_LABELS: Record<BrowseSort, string> = { rating: 'Highest Rated', name: 'Name A-Z', reviews: 'Most Reviews', location: 'Location' };
const CLEARED: Pick<BrowseState, 'services' | 'location' | 'ratings' | 'page'> = { services: [], location: '', ratings: [], page: 1 };

export default function BrowsePage({ search }: RouteInput) {
  const state = readBrowseState(search);
  const [, navigate] = useLocation();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const query = useContractorPage(browseKey(state));
  const data = query.data;

  // Every change goes into the address (replacing it), which drives the query.
  const update = (patch: Partial<BrowseState>, keepPage = false) => navigate(browseHref({ ...state, ...(keepPage ? {} : { page: 1 }), ...patch }), { replace: true });
  const toggleService = (slug: string, on: boolean) => update({ services: on ? [...state.services, slug] : state.services.filter((s) => s !== slug) });

  return (
    <>
      <Head
        title={`Browse All Contractors in ${region.displayName} | ${region.siteTitle}`}
        description={`Every licensed building contractor listed in ${region.county}: filter by service, town and rating, and request free quotes.`}
        path="/browse"
        keywords={['Sullivan County contractors', 'browse contractors', 'builders', 'remodelers', 'electricians']}
      />
      <div className="container mx-auto px-4 py-8">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h1 className="text-2xl font-bold md:text-3xl">Browse All Contractors</h1>
            {data && <p className="mt-1 text-sm text-muted-foreground" role="status">{`${data.total} of ${data.totalAll} contractors`}</p>}
          </div>
          <Button variant="outline" className="lg:hidden" aria-expanded={filtersOpen} aria-controls="browse-filters" onClick={() => setFiltersOpen((o) => !o)}>
            <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
            Filters
          </Button>
        </div>
        <div className="mt-6 grid gap-8 lg:grid-cols-[16rem_1fr]">
          <aside id="browse-filters" aria-label="Filters" className={cn('content-start gap-6 rounded-lg border p-4 lg:grid', filtersOpen ? 'grid' : 'hidden')}>
            <div className="grid gap-2">
              <Label htmlFor="browse-sort" className="font-semibold">
                Sort By
              </Label>
              <NativeSelect id="browse-sort" value={state.sort} onChange={(e) => update({ sort: e.target.value as BrowseSort })}>
                {(Object.keys(SORT_LABELS) as BrowseSort[]).map((s) => (
                  <option key={s} value={s}>
                    {SORT_LABELS[s]}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <ViewToggle view={state.view} onChange={(view) => update({ view }, true)} />
            <div className="grid gap-2">
              <Label htmlFor="browse-location" className="font-semibold">
                Location
              </Label>
              <LocationSelect id="browse-location" value={state.location} onChange={(location) => update({ location })} emptyLabel={region.allLocationsLabel} />
            </div>
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-semibold">Services</legend>
              {region.services.map((s) => {
                const id = `browse-service-${s.slug}`;
                return (
                  <div key={s.slug} className="flex items-center gap-2">
                    <NativeCheckbox id={id} checked={state.services.includes(s.slug)} onChange={(e) => toggleService(s.slug, e.target.checked)} />
                    <Label htmlFor={id} className="font-normal">
                      {s.name}
                    </Label>
                  </div>
                );
              })}
            </fieldset>
            <RatingFilter idPrefix="browse" selected={state.ratings} onChange={(ratings) => update({ ratings })} />
            <Button variant="outline" onClick={() => update(CLEARED)}>
              Clear All Filters
            </Button>
          </aside>
          <section aria-labelledby="results-heading" aria-busy={query.isFetching}>
            <h2 id="results-heading" className="sr-only">
              Results
            </h2>
            {query.isError ? (
              <ResultsError />
            ) : !data ? (
              <ContractorPlaceholders count={8} view={state.view} />
            ) : data.total === 0 ? (
              <div className="rounded-lg border p-10 text-center">
                <h2 className="text-lg font-semibold">No contractors match your filters</h2>
                <Button className="mt-4" onClick={() => update(CLEARED)}>
                  Show All Contractors
                </Button>
              </div>
            ) : (
              <>
                <ContractorList contractors={data.contractors} view={state.view} />
                <Pagination page={data.page} pageSize={data.pageSize} total={data.total} onPage={(page) => update({ page }, true)} />
              </>
            )}
          </section>
        </div>
      </div>
    </>
  );
}
