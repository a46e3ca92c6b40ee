import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ManagedReview, ManagedReviewsPage } from '@shared/reviews';
import { apiRequest, type ApiKey } from '@/lib/api';

/** The contractor's own reviews (docs/decisions/0056-review-policy.md) and its one public reply to each. */

export const ownReviewsKey = (page: number): ApiKey => ['/api/contractor/reviews', { page: String(page) }];

export const useOwnReviews = (page: number) =>
  useQuery<ManagedReviewsPage>({ queryKey: ownReviewsKey(page), placeholderData: keepPreviousData });

export function useReplyToReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; reply: string }) =>
      apiRequest<ManagedReview>('POST', `/api/contractor/reviews/${input.id}/reply`, { reply: input.reply }),
    onSettled: (review) =>
      queryClient.invalidateQueries({
        predicate: (q) => {
          const path = q.queryKey[0];
          return (
            typeof path === 'string' &&
            (path === '/api/contractor/reviews' ||
              (review !== undefined && path.startsWith(`/api/contractors/${review.contractorId}/reviews`)))
          );
        },
      }),
  });
}
