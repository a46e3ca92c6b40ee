import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminListingChange, ListingChangeStatus } from '@shared/schemas/listing-changes';
import { apiRequest, type ApiKey } from '@/lib/api';
import { invalidatePaths } from './api';

/** The administrators' queue of listing changes (docs/decisions/0111-listing-edits.md). */

export const listingChangesKey = (status: ListingChangeStatus): ApiKey => ['/api/admin/listing-changes', { status }];

export const useListingChanges = (status: ListingChangeStatus) =>
  useQuery<AdminListingChange[]>({ queryKey: listingChangesKey(status) });

/** A decision changes the listing the public and the contractors list show: those are read again. */
export function useDecideListingChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; reject?: { reason: string } }) =>
      input.reject
        ? apiRequest<AdminListingChange>('POST', `/api/admin/listing-changes/${input.id}/reject`, input.reject)
        : apiRequest<AdminListingChange>('POST', `/api/admin/listing-changes/${input.id}/approve`),
    onSettled: () =>
      void invalidatePaths(queryClient, '/api/admin/listing-changes', '/api/admin/contractors', '/api/contractors'),
  });
}
