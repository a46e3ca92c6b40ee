import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewSubmissionInput } from '@shared/schemas/reviews';
import { apiRequest } from '@/lib/api';

// Apart from api.ts, which profiles load: only the review page sends a review (the public JS budget, docs/decisions/0064-bundle-cutting.md).

/** POST /api/reviews; afterwards the contractor's profile and reviews are read again, so they show the new review. */
export function useSubmitReview(contractorId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewSubmissionInput) =>
      apiRequest<{ id: number; status: 'published' }>('POST', '/api/reviews', body),
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
