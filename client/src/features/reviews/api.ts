import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReviewInvitation, ReviewsPage } from '@shared/reviews';
import type { ReviewSubmissionInput } from '@shared/schemas/reviews';
import { apiRequest, type ApiKey } from '@/lib/api';

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

export const reviewsHref = (contractorId: number, page: number) => (page > 1 ? `/contractor/${contractorId}?page=${page}#reviews` : `/contractor/${contractorId}#reviews`);

export const invitationKey = (token: string): ApiKey => ['/api/reviews/invitation', { token }];

export const useReviews = (contractorId: number, page: number) => useQuery<ReviewsPage>({ queryKey: reviewsKey(contractorId, page), placeholderData: keepPreviousData });

/** Read again once the page is up: a page kept by a cache may say 'open' for a link answered since. */
export const useInvitation = (token: string) => useQuery<ReviewInvitation>({ queryKey: invitationKey(token), retry: false, staleTime: 0 });

/** POST /api/reviews; afterwards the contractor's profile and reviews are read again, so they show the new review. */
export function useSubmitReview(contractorId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewSubmissionInput) => apiRequest<{ id: number; status: 'published' }>('POST', '/api/reviews', body),
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: (q) => {
          const path = q.queryKey[0];
          return (
            typeof path === 'string' &&
            (path === `/api/contractors/${contractorId}` ||
              path.startsWith(`/api/contractors/${contractorId}/`) ||
              path.startsWith('/api/contractors?') ||
              path === '/api/contractors' ||
              path === '/api/contractors/search')
          );
        },
      }),
  });
}
