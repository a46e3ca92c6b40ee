import type { ApiKey } from '@/lib/api';

/**
 * The reviews' addresses and query keys, apart from the hooks in api.ts because the route table
 * needs them: this much goes into every page's JavaScript, the rest only into the pages that show
 * reviews (the public JS budget, docs/decisions/0064-bundle-cutting.md).
 */

/** Query keys built from the address only, so the server renders with exactly the data the browser then asks for. */

export const REVIEW_POLICY_PATH = '/review-policy';

/** The profile's reviews page: `?page=` in the profile's address (page 1 leaves it out). */
export function readReviewsPage(search: URLSearchParams): number {
  const page = Number.parseInt(search.get('page') ?? '1', 10);
  return Number.isFinite(page) && page > 0 && page <= 10_000 ? page : 1;
}

export const reviewsKey = (contractorId: string | number, page: number): ApiKey => {
  const path = `/api/contractors/${encodeURIComponent(String(contractorId))}/reviews`;
  return page > 1 ? [path, { page: String(page) }] : [path];
};

export const reviewsHref = (contractorId: number, page: number) =>
  page > 1 ? `/contractor/${contractorId}?page=${page}#reviews` : `/contractor/${contractorId}#reviews`;

export const invitationKey = (token: string): ApiKey => ['/api/reviews/invitation', { token }];
