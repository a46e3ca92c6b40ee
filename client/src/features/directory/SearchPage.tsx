import { useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { resolveTown, townBySlug } from '@shared/taxonomy';
import type { Region } from '@shared/region';
import { Head } from '@/components/head';
import type { RouteInput } from '@/lib/route-input';
import { QueryView } from '@/components/query-view';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeCheckbox } from '@/components/ui/native-select';
import {
  defaultSearchFilters,
  readSearchCriteria,
  readSearchFilters,
  readSearchView,
  searchKey,
  searchParams,
  searchStateHref,
  unrecognizedFilters,
  useContractorPage,
  type SearchCriteria,
  type SearchFilters,
  type SearchSort,
} from './api';
import { AddressForm, ApplyFilters, HiddenFields } from './components/AddressForm';
import type { ViewMode } from './components/ContractorCard';
import { ContractorList, ContractorPlaceholders } from './components/ContractorResults';
import { Pagination, PastLastPage, pageCount, showListTop } from './components/Pagination';
import { RatingFilter } from './components/RatingFilter';
import { LocationSelect, locationLabel, ServiceTypeSelect, serviceTypeLabel } from './components/Selectors';
import { UnrecognizedNote } from './components/UnrecognizedNote';
import { UnverifiedNote } from './components/UnverifiedNote';
import { ServicePageLinks } from './components/ServicePageLinks';
import { SortSelect } from './components/SortSelect';
import { ViewToggle } from './components/ViewToggle';
import { SearchCriteriaForm, searchHref } from './search-criteria';
import { useRegion } from '@/lib/region';

const SORT_LABELS: Record<SearchSort, string> = { rating: 'Highest Rated', name: 'Name A-Z', reviews: 'Most Reviews' };

function headFor(service: string, location: string, region: Region) {
  const s = service ? serviceTypeLabel(service, region) : null;
  const l = location ? locationLabel(location, region) : null;
  const where = l ? `${l}, ${region.state}` : region.displayName;
  const what = s ? `${s} Contractors` : 'Contractors';
  return {
    title: `${what} in ${where} | ${region.siteTitle}`,
    description: `Compare licensed, insured ${s ? s.toLowerCase() : 'building'} contractors serving ${where}. Read ratings and request free quotes from local pros.`,
  };
}

export default function SearchPage({ search }: RouteInput) {
  const region = useRegion();
  // The whole state is in the address, so Back (from a profile, say) restores it (docs/decisions/0021-paging-and-history.md).
  const criteria = readSearchCriteria(search, region);
  const filters = readSearchFilters(search);
  const view = readSearchView(search);
  const [, navigate] = useLocation();
  const [service, setService] = useState(criteria.service);
  const [location, setLocation] = useState(criteria.location);
  const query = useContractorPage(searchKey(criteria, filters));
  const results = useRef<HTMLElement>(null);

  // The selectors follow the address when it changes (back button, a new search): adjusted
  // while rendering, as React advises, rather than in an effect that renders twice.
  const addressKey = `${criteria.service}\n${criteria.location}`;
  const [shownFor, setShownFor] = useState(addressKey);
  if (shownFor !== addressKey) {
    setShownFor(addressKey);
    setService(criteria.service);
    setLocation(criteria.location);
  }

  // Filter and view changes replace the history entry; a new search and a page change add one.
  const go = (c: SearchCriteria, f: SearchFilters, v: ViewMode, replace: boolean) =>
    navigate(searchStateHref(c, f, v), { replace });
  const update = (patch: Partial<SearchFilters>) => go(criteria, { ...filters, page: 1, ...patch }, view, true);
  const toPage = (page: number, replace = false) => {
    go(criteria, { ...filters, page }, view, replace);
    showListTop(results.current);
  };
  const head = headFor(criteria.service, criteria.location, region);
  const data = query.data;
  const pages = data ? pageCount(data) : 1;

  return (
    <>
      <Head
        title={head.title}
        description={head.description}
        path={searchHref(criteria.service, criteria.location)}
        keywords={[`${region.county} contractors`, 'contractor search', 'free quotes']}
      />
      <section className="border-b bg-muted">
        <div className="container mx-auto px-4 py-8">
          <h1 className="text-2xl font-bold md:text-3xl">{`Find Contractors in ${region.county}`}</h1>
          <SearchCriteriaForm
            className="mt-4 grid gap-3 md:grid-cols-[1fr_1fr_auto]"
            onSearch={() => {
              // A new search keeps the other filters, as without JavaScript; the same search again adds no entry.
              const href = searchStateHref({ service, location }, { ...filters, page: 1 }, view);
              navigate(href, { replace: href === searchStateHref(criteria, filters, view) });
            }}
          >
            <ServiceTypeSelect
              id="search-service"
              name="service"
              value={service}
              onChange={setService}
              emptyLabel="All services"
            />
            <LocationSelect
              id="search-location"
              name="location"
              value={location}
              onChange={setLocation}
              emptyLabel="All locations"
            />
            {/* Without JavaScript a new search keeps the other filters, as the on-screen state does with it. */}
            <HiddenFields
              query={searchParams(criteria, { ...filters, page: 1 }, view)}
              omit={['service', 'location']}
            />
            <Button type="submit">Search</Button>
          </SearchCriteriaForm>
        </div>
      </section>
      <div className="container mx-auto grid gap-8 px-4 py-8 lg:grid-cols-[15rem_1fr]">
        <aside aria-label="Filters">
          {/* With JavaScript each change applies at once; without it 'Apply Filters' sends the form. */}
          <form action="/search" method="get" className="grid content-start gap-6" onSubmit={(e) => e.preventDefault()}>
            <HiddenFields query={searchParams(criteria, filters, view)} omit={['sort', 'rating', 'licensed', 'page']} />
            <SortSelect
              id="search-sort"
              value={filters.sort}
              labels={SORT_LABELS}
              onChange={(sort) => update({ sort })}
            />
            <ViewToggle view={view} onChange={(v) => go(criteria, filters, v, true)} form="search-view" />
            <RatingFilter idPrefix="search" selected={filters.ratings} onChange={(ratings) => update({ ratings })} />
            <div className="flex items-center gap-2">
              {/* An unticked box sends nothing, and the box is ticked by default: 'false' first, the box's 'true' after it wins. */}
              <input type="hidden" name="licensed" value="false" />
              <NativeCheckbox
                id="search-licensed"
                name="licensed"
                value="true"
                checked={filters.licensed}
                onChange={(e) => update({ licensed: e.target.checked })}
              />
              <Label htmlFor="search-licensed" className="font-normal">
                Licensed &amp; Insured Only
              </Label>
            </div>
            <ApplyFilters />
          </form>
          <AddressForm id="search-view" href={searchStateHref(criteria, filters, view)} omit={['view']} />
        </aside>
        <section ref={results} aria-labelledby="results-heading" aria-busy={query.isFetching} className="scroll-mt-20">
          <h2 id="results-heading" className="sr-only">
            Results
          </h2>
          <UnrecognizedNote filters={unrecognizedFilters(search, region)} />
          {data && (
            <>
              <AddressForm
                id="search-unverified"
                href={searchStateHref(criteria, { ...filters, licensed: false, page: 1 }, view)}
              />
              <UnverifiedNote
                count={data.unverifiedMatches}
                total={data.total}
                onShow={() => update({ licensed: false })}
                form="search-unverified"
              />
            </>
          )}
          <QueryView
            query={query}
            what="contractors"
            retry="reload"
            loading={<ContractorPlaceholders count={6} view={view} />}
            isEmpty={(d) => d.total === 0}
            empty={
              <div className="rounded-lg border p-10 text-center">
                <h2 className="text-lg font-semibold">No contractors found</h2>
                <p className="mt-1 text-muted-foreground">
                  Try adjusting your search criteria or browse all contractors
                </p>
                <AddressForm
                  id="search-clear"
                  href={searchStateHref({ service: '', location: '' }, defaultSearchFilters, view)}
                />
                <Button
                  className="mt-4"
                  variant="outline"
                  type="submit"
                  form="search-clear"
                  onClick={(e) => {
                    e.preventDefault();
                    setService('');
                    setLocation('');
                    navigate(searchStateHref({ service: '', location: '' }, defaultSearchFilters, view));
                  }}
                >
                  Clear Filters
                </Button>
              </div>
            }
          >
            {(d) => (
              <>
                <p className="mb-4 text-sm text-muted-foreground" role="status">{`${d.total} contractor(s) found`}</p>
                {d.page > pages ? (
                  <PastLastPage
                    page={d.page}
                    pages={pages}
                    href={searchStateHref(criteria, { ...filters, page: pages }, view)}
                    onGo={() => toPage(pages, true)}
                  />
                ) : (
                  <>
                    <ContractorList contractors={d.contractors} view={view} />
                    <Pagination
                      page={d.page}
                      pages={pages}
                      hrefFor={(page) => searchStateHref(criteria, { ...filters, page }, view)}
                      onPage={toPage}
                    />
                  </>
                )}
              </>
            )}
          </QueryView>
          {/* The service pages of the place searched, so visitors and crawlers find them (docs/decisions/0030-service-pages.md). */}
          <ServicePageLinks
            town={townBySlug(resolveTown(criteria.location, region) ?? '', region) ?? null}
            className="mt-10 border-t pt-6"
          />
        </section>
      </div>
    </>
  );
}
