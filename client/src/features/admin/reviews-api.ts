import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminReviewFilter, HideReason, ManagedReview, ManagedReviewsPage } from '@shared/reviews';
import { apiRequest, type ApiKey } from '@/lib/api';
import { invalidatePaths } from './api';

/** The administrator's reviews (docs/decisions/0056-review-policy.md): every review with the homeowner's answers; hide or show under the policy. */

export const adminReviewsKey = (filter: AdminReviewFilter, page: number): ApiKey => [
  '/api/admin/reviews',
  { filter, page: String(page) },
];

export const useAdminReviews = (filter: AdminReviewFilter, page: number) =>
  useQuery<ManagedReviewsPage>({ queryKey: adminReviewsKey(filter, page), placeholderData: keepPreviousData });

/** Hiding or showing changes the rating everywhere: the admin lists and the public directory are read again. */
export function useModerateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; hide: { reason: HideReason; note: string } | null }) =>
      input.hide
        ? apiRequest<ManagedReview>('POST', `/api/admin/reviews/${input.id}/hide`, input.hide)
        : apiRequest<ManagedReview>('POST', `/api/admin/reviews/${input.id}/show`),
    onSettled: () =>
      void invalidatePaths(queryClient, '/api/admin/reviews', '/api/admin/contractors', '/api/contractors'),
  });
}
