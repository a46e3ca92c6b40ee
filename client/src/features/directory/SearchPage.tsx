import { useState } from 'react';
import { useLocation } from 'wouter';
import { region } from '@shared/region';
import { Head } from '@/app/head';
import type { RouteInput } from '@/app/route-input';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeCheckbox, NativeSelect } from '@/components/ui/native-select';
import { defaultSearchFilters, readSearchCriteria, searchKey, useContractorPage, type SearchFilters, type SearchSort } from './api';
import type { ViewMode } from './components/ContractorCard';
import { ContractorList, ContractorPlaceholders } from './components/ContractorResults';
import { Pagination } from './components/Pagination';
import { RatingFilter } from './components/RatingFilter';
import { ResultsError } from './components/ResultsError';
import { LocationSelect, locationLabel, ServiceTypeSelect, serviceTypeLabel } from './components/Selectors';
import { ViewToggle } from './components/ViewToggle';

const SORT_LABELS: Record<SearchSort, string> = { rating: 'Highest Rated', name: 'Name A-Z', reviews: 'Most Reviews' };

function searchHref(service: string, location: string) {
  const p = new URLSearchParams();
  if (service) p.set('service', service);
  if (location) p.set('location', location);
  const qs = p.toString();
  return qs ? `/search?${qs}` : '/search';
}

function headFor(service: string, location: string) {
  const s = service ? serviceTypeLabel(service) : null;
  const l = location ? locationLabel(location) : null;
  const where = l ? `${l}, ${region.state}` : region.displayName;
  const what = s ? `${s} Contractors` : 'Contractors';
  return {
    title: `${what} in ${where} | ${region.siteTitle}`,
    description: `Compare licensed, insured ${s ? s.toLowerCase() : 'building'} contractors serving ${where}. Read ratings and request free quotes from local pros.`,
  };
}

export default function SearchPage({ search }: RouteInput) {
  const criteria = readSearchCriteria(search);
  const [, navigate] = useLocation();
  const [service, setService] = useState(criteria.service);
  const [location, setLocation] = useState(criteria.location);
  const [filters, setFilters] = useState<SearchFilters>(defaultSearchFilters);
  const [view, setView] = useState<ViewMode>('grid');
  const query = useContractorPage(searchKey(criteria, filters));

  // The selectors follow the address when it changes (back button, a new search): adjusted
  // while rendering, as React advises, rather than in an effect that renders twice.
  const addressKey = `${criteria.service}\n${criteria.location}`;
  const [shownFor, setShownFor] = useState(addressKey);
  if (shownFor !== addressKey) {
    setShownFor(addressKey);
    setService(criteria.service);
    setLocation(criteria.location);
    setFilters((f) => ({ ...f, page: 1 }));
  }

  const head = headFor(criteria.service, criteria.location);
  const update = (patch: Partial<SearchFilters>) => setFilters((f) => ({ ...f, page: 1, ...patch }));
  const data = query.data;

  return (
    <>
      <Head title={head.title} description={head.description} path={searchHref(criteria.service, criteria.location)} keywords={['Sullivan County contractors', 'contractor search', 'free quotes']} />
      <section className="border-b bg-muted">
        <div className="container mx-auto px-4 py-8">
          <h1 className="text-2xl font-bold md:text-3xl">Find Contractors in Sullivan County</h1>
          <form
            className="mt-4 grid gap-3 md:grid-cols-[1fr_1fr_auto]"
            onSubmit={(e) => {
              e.preventDefault();
              navigate(searchHref(service, location));
            }}
          >
            <ServiceTypeSelect id="search-service" value={service} onChange={setService} emptyLabel="All services" />
            <LocationSelect id="search-location" value={location} onChange={setLocation} emptyLabel="All locations" />
            <Button type="submit">Search</Button>
          </form>
        </div>
      </section>
      <div className="container mx-auto grid gap-8 px-4 py-8 lg:grid-cols-[15rem_1fr]">
        <aside className="grid content-start gap-6" aria-label="Filters">
          <div className="grid gap-2">
            <Label htmlFor="search-sort" className="font-semibold">
              Sort By
            </Label>
            <NativeSelect id="search-sort" value={filters.sort} onChange={(e) => update({ sort: e.target.value as SearchSort })}>
              {(Object.keys(SORT_LABELS) as SearchSort[]).map((s) => (
                <option key={s} value={s}>
                  {SORT_LABELS[s]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <ViewToggle view={view} onChange={setView} />
          <RatingFilter idPrefix="search" selected={filters.ratings} onChange={(ratings) => update({ ratings })} />
          <div className="flex items-center gap-2">
            <NativeCheckbox id="search-licensed" checked={filters.licensed} onChange={(e) => update({ licensed: e.target.checked })} />
            <Label htmlFor="search-licensed" className="font-normal">
              Licensed &amp; Insured Only
            </Label>
          </div>
        </aside>
        <section aria-labelledby="results-heading" aria-busy={query.isFetching}>
            <h2 id="results-heading" className="sr-only">
              Results
            </h2>
          {query.isError ? (
            <ResultsError />
          ) : !data ? (
            <ContractorPlaceholders count={6} view={view} />
          ) : data.total === 0 ? (
            <div className="rounded-lg border p-10 text-center">
              <h2 className="text-lg font-semibold">No contractors found</h2>
              <p className="mt-1 text-muted-foreground">Try adjusting your search criteria or browse all contractors</p>
              <Button
                className="mt-4"
                variant="outline"
                onClick={() => {
                  setService('');
                  setLocation('');
                  setFilters(defaultSearchFilters);
                  navigate('/search');
                }}
              >
                Clear Filters
              </Button>
            </div>
          ) : (
            <>
              <p className="mb-4 text-sm text-muted-foreground" role="status">{`${data.total} contractor(s) found`}</p>
              <ContractorList contractors={data.contractors} view={view} />
              <Pagination page={data.page} pageSize={data.pageSize} total={data.total} onPage={(page) => setFilters((f) => ({ ...f, page }))} />
            </>
          )}
        </section>
      </div>
    </>
  );
}
