import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListingChangeDto, ListingEdit, ListingOptions, OwnListing } from '@shared/schemas/listing-changes';
import { apiRequest, type ApiKey } from '@/lib/api';
import { invalidatePortal } from './api';

/** The contractor's own listing and its change waiting for review (docs/decisions/0111-listing-edits.md). */

export const listingKey: ApiKey = ['/api/contractor/listing'];
export const listingOptionsKey: ApiKey = ['/api/contractor/listing/options'];

export const useOwnListing = () => useQuery<OwnListing>({ queryKey: listingKey });

export const useListingOptions = (enabled: boolean) =>
  useQuery<ListingOptions>({ queryKey: listingOptionsKey, enabled });

export function useSubmitListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (edit: ListingEdit) => apiRequest<ListingChangeDto>('PUT', '/api/contractor/listing', edit),
    onSuccess: () => void invalidatePortal(queryClient),
  });
}

export function useWithdrawListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<unknown>('DELETE', '/api/contractor/listing/change'),
    onSettled: () => void invalidatePortal(queryClient),
  });
}
