import { SlidersHorizontal } from 'lucide-react';
import { useRef, useState, type MouseEvent } from 'react';
import { useLocation } from 'wouter';
import { Head } from '@/components/head';
import type { RouteInput } from '@/lib/route-input';
import { QueryView } from '@/components/query-view';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { LabelledCheckbox } from '@/components/ui/native-select';
import { cn } from '@/lib/cn';
import { plural } from '@/lib/format';
import {
  browseHref,
  browseKey,
  browseParams,
  readBrowseState,
  unrecognizedFilters,
  useContractorPage,
  type BrowseSort,
  type BrowseState,
} from './api';
import { AddressForm, ApplyFilters, HiddenFields } from './components/AddressForm';
import { ContractorList, ContractorPlaceholders } from './components/ContractorResults';
import { Pagination, PastLastPage, pageCount, showListTop } from './components/Pagination';
import { RatingFilter } from './components/RatingFilter';
import { LocationSelect } from './components/Selectors';
import { UnrecognizedNote } from './components/UnrecognizedNote';
import { SortSelect } from './components/SortSelect';
import { ViewToggle } from './components/ViewToggle';
import { useRegion } from '@/lib/region';

const SORT_LABELS: Record<BrowseSort, string> = {
  rating: 'Highest Rated',
  name: 'Name A-Z',
  reviews: 'Most Reviews',
  location: 'Location',
};
const CLEARED: Pick<BrowseState, 'services' | 'location' | 'ratings' | 'page'> = {
  services: [],
  location: '',
  ratings: [],
  page: 1,
};

export default function BrowsePage({ search }: RouteInput) {
  const region = useRegion();
  const state = readBrowseState(search, region);
  const [, navigate] = useLocation();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const query = useContractorPage(browseKey(state));
  const data = query.data;
  const pages = data ? pageCount(data) : 1;
  const top = useRef<HTMLDivElement>(null);
  const filtersButton = useRef<HTMLButtonElement>(null);
  const results = useRef<HTMLElement>(null);
  const filtersOn = state.services.length + state.ratings.length + (state.location ? 1 : 0);

  // Every change goes into the address, which drives the query: a filter change replaces the
  // history entry, a page change adds one, so Back returns to the page left
  // (docs/decisions/0021-paging-and-history.md).
  const update = (patch: Partial<BrowseState>, keepPage = false) =>
    navigate(browseHref({ ...state, ...(keepPage ? {} : { page: 1 }), ...patch }), { replace: true });
  const toPage = (page: number, replace = false) => {
    navigate(browseHref({ ...state, page }), { replace });
    showListTop(results.current);
  };
  // On a phone the filters open above the results: 'Show N contractors' closes them and shows the results.
  const closeFilters = () => {
    setFiltersOpen(false);
    top.current?.scrollIntoView({ block: 'start' });
    filtersButton.current?.focus({ preventScroll: true });
  };
  // A submit button of the 'browse-clear' form, so it also works without JavaScript.
  const clear = (e: MouseEvent) => {
    e.preventDefault();
    update(CLEARED);
  };
  const toggleService = (slug: string, on: boolean) =>
    update({ services: on ? [...state.services, slug] : state.services.filter((s) => s !== slug) });

  return (
    <>
      <Head
        title={`Browse All Contractors in ${region.displayName} | ${region.siteTitle}`}
        description={`Every licensed building contractor listed in ${region.county}: filter by service, town and rating, and request free quotes.`}
        path="/browse"
        keywords={[`${region.county} contractors`, 'browse contractors', 'builders', 'remodelers', 'electricians']}
      />
      <div className="container mx-auto px-4 py-8">
        <div ref={top} className="flex scroll-mt-20 flex-wrap items-end justify-between gap-3">
          <div>
            <h1 className="text-2xl font-bold md:text-3xl">Browse All Contractors</h1>
            {data && (
              <p
                className="mt-1 text-sm text-muted-foreground"
                role="status"
              >{`${data.total} of ${data.totalAll} contractors`}</p>
            )}
          </div>
          {/* Without JavaScript the filters are always shown (below) and this button, which needs it, is not. */}
          <Button
            ref={filtersButton}
            variant="outline"
            className="lg:hidden [@media(scripting:none)]:hidden"
            aria-expanded={filtersOpen}
            aria-controls="browse-filters"
            onClick={() => setFiltersOpen((o) => !o)}
            icon={SlidersHorizontal}
          >
            {filtersOn ? `Filters (${filtersOn})` : 'Filters'}
          </Button>
        </div>
        <div className="mt-6 grid gap-8 lg:grid-cols-[16rem_1fr]">
          <aside
            id="browse-filters"
            aria-label="Filters"
            className={cn(
              'rounded-lg border p-4 lg:block [@media(scripting:none)]:block',
              filtersOpen ? 'block' : 'hidden',
            )}
          >
            {/* With JavaScript each change applies at once; without it 'Apply Filters' sends the form (docs/decisions/0022-pages-without-javascript.md). */}
            <form
              action="/browse"
              method="get"
              className="grid content-start gap-6"
              onSubmit={(e) => e.preventDefault()}
            >
              <HiddenFields query={browseParams(state)} omit={['service', 'location', 'sort', 'rating', 'page']} />
              <SortSelect
                id="browse-sort"
                value={state.sort}
                labels={SORT_LABELS}
                onChange={(sort) => update({ sort })}
              />
              <ViewToggle view={state.view} onChange={(view) => update({ view }, true)} form="browse-view" />
              <div className="grid gap-2">
                <Label htmlFor="browse-location" className="font-semibold">
                  Location
                </Label>
                <LocationSelect
                  id="browse-location"
                  name="location"
                  value={state.location}
                  onChange={(location) => update({ location })}
                  emptyLabel={region.allLocationsLabel}
                />
              </div>
              <fieldset className="grid gap-2">
                <legend className="mb-1 text-sm font-semibold">Services</legend>
                {region.services.map((s) => {
                  const id = `browse-service-${s.slug}`;
                  return (
                    <LabelledCheckbox
                      key={s.slug}
                      id={id}
                      label={s.name}
                      name="service"
                      value={s.slug}
                      checked={state.services.includes(s.slug)}
                      onChange={(e) => toggleService(s.slug, e.target.checked)}
                    />
                  );
                })}
              </fieldset>
              <RatingFilter idPrefix="browse" selected={state.ratings} onChange={(ratings) => update({ ratings })} />
              <ApplyFilters />
              <Button variant="outline" type="submit" form="browse-clear" onClick={clear}>
                Clear All Filters
              </Button>
            </form>
            <AddressForm id="browse-view" href={browseHref(state)} omit={['view']} />
            <AddressForm id="browse-clear" href={browseHref({ ...state, ...CLEARED })} />
            {/* Phones only, with JavaScript: the choices already apply, this closes the panel over the results. */}
            <div className="sticky bottom-0 -mx-4 -mb-4 mt-4 rounded-b-lg border-t bg-background p-4 lg:hidden [@media(scripting:none)]:hidden">
              <Button className="w-full" onClick={closeFilters}>
                {data ? `Show ${plural(data.total, 'contractor')}` : 'Show contractors'}
              </Button>
            </div>
          </aside>
          <section
            ref={results}
            aria-labelledby="results-heading"
            aria-busy={query.isFetching}
            className="scroll-mt-20"
          >
            <h2 id="results-heading" className="sr-only">
              Results
            </h2>
            <UnrecognizedNote filters={unrecognizedFilters(search, region)} />
            <QueryView
              query={query}
              what="contractors"
              retry="reload"
              loading={<ContractorPlaceholders count={8} view={state.view} />}
              isEmpty={(d) => d.total === 0}
              empty={
                <div className="rounded-lg border p-10 text-center">
                  <h2 className="text-lg font-semibold">No contractors match your filters</h2>
                  <Button className="mt-4" type="submit" form="browse-clear" onClick={clear}>
                    Show All Contractors
                  </Button>
                </div>
              }
            >
              {(d) =>
                d.page > pages ? (
                  <PastLastPage
                    page={d.page}
                    pages={pages}
                    href={browseHref({ ...state, page: pages })}
                    onGo={() => toPage(pages, true)}
                  />
                ) : (
                  <>
                    <ContractorList contractors={d.contractors} view={state.view} />
                    <Pagination
                      page={d.page}
                      pages={pages}
                      hrefFor={(page) => browseHref({ ...state, page })}
                      onPage={toPage}
                    />
                  </>
                )
              }
            </QueryView>
          </section>
        </div>
      </div>
    </>
  );
}
