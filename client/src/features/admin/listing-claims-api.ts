import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminListingClaim } from '@shared/schemas/listing-claims';
import { apiRequest, type ApiKey } from '@/lib/api';
import { invalidatePaths } from './api';

/**
 * Claims of unclaimed listings (docs/decisions/0131-listing-claims.md) as administrators see them:
 * every claim of their counties' listings, newest first, and the decisions on one (approve or
 * reject a document claim, undo one that went through).
 */

export const listingClaimsKey: ApiKey = ['/api/admin/listing-claims'];

/** The reason's limit, as claimNoteSchema (shared/schemas/listing-claims.ts) checks it. */
export const LISTING_CLAIM_NOTE_MAX = 500;

export const useListingClaims = () => useQuery<AdminListingClaim[]>({ queryKey: listingClaimsKey });

/** A claim waits for an administrator only while it is an open claim by document. */
export const awaitsDecision = (c: Pick<AdminListingClaim, 'channel' | 'status'>) =>
  c.channel === 'document' && c.status === 'open';

/** A claim that made an account (by code, or approved) can be undone. */
export const canUndo = (c: Pick<AdminListingClaim, 'status'>) => c.status === 'verified' || c.status === 'approved';

export type ListingClaimDecision =
  | { id: number; action: 'approve' }
  | { id: number; action: 'reject'; note: string }
  | { id: number; action: 'undo'; note: string };

/**
 * Sends a decision; answers the server's message. A decision changes the listing (claimed or not),
 * its owner's account and its held requests: the admin lists and the public directory are read again.
 */
export function useDecideListingClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (d: ListingClaimDecision) =>
      apiRequest<{ message: string }>(
        'POST',
        `/api/admin/listing-claims/${d.id}/${d.action}`,
        d.action === 'approve' ? undefined : { note: d.note },
      ),
    onSettled: () =>
      void invalidatePaths(
        queryClient,
        '/api/admin/listing-claims',
        '/api/admin/contractors',
        '/api/admin/leads',
        '/api/admin/stats',
        '/api/contractors',
      ),
  });
}
