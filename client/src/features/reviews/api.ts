import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReviewInvitation, ReviewsPage } from '@shared/reviews';
import type { ReviewSubmissionInput } from '@shared/schemas/reviews';
import { apiRequest } from '@/lib/api';

export { invitationKey, readReviewsPage, REVIEW_POLICY_PATH, reviewsHref, reviewsKey } from './keys';
import { invitationKey, reviewsKey } from './keys';

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
