/** What every page component receives from the router: its path parameters and query string. */
export interface RouteInput {
  params: Record<string, string | undefined>;
  search: URLSearchParams;
}
