// The search's address and form, apart from api.ts: the home page's search form uses them without the search page's readers.
import type { ReactNode } from 'react';

export const SEARCH_PATH = '/search';

export function withQuery(path: string, p: URLSearchParams): string {
  const qs = p.toString();
  return qs ? `${path}?${qs}` : path;
}

/** The search's criteria as the address writes them: each only when chosen. */
export function criteriaParams(service: string, location: string): URLSearchParams {
  const p = new URLSearchParams();
  if (service) p.set('service', service);
  if (location) p.set('location', location);
  return p;
}

/** A new search's address: its criteria, every filter at its default. */
export const searchHref = (service: string, location: string) =>
  withQuery(SEARCH_PATH, criteriaParams(service, location));

/**
 * A search by service and location: without JavaScript a plain GET of the search page with the
 * form's fields; with it, `onSearch` goes to the address in place.
 */
export function SearchCriteriaForm({
  className,
  onSearch,
  children,
}: {
  className: string;
  onSearch: () => void;
  children: ReactNode;
}) {
  return (
    <form
      action={SEARCH_PATH}
      method="get"
      className={className}
      onSubmit={(e) => {
        e.preventDefault();
        onSearch();
      }}
    >
      {children}
    </form>
  );
}
