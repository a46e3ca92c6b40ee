import { useQuery } from '@tanstack/react-query';
import type { ClaimCodeChannel, ClaimTarget, ClaimVerified, ClaimVerify } from '@shared/schemas/listing-claims';
import { apiFormUpload, apiRequest, type ApiKey } from '@/lib/api';

/** Claiming an unclaimed listing (docs/decisions/0131-listing-claims.md): its masked channels, a code, the code back. */

const claimPath = (id: string) => `/api/claims/${encodeURIComponent(id)}`;

export const claimTargetKey = (id: string): ApiKey => [claimPath(id)];

/**
 * Read again on every visit (a listing claimed since is no longer claimable), but not while the
 * page is open: once claimed, the page's later steps must not turn into 'cannot be claimed'.
 */
export const useClaimTarget = (id: string) =>
  useQuery<ClaimTarget>({ queryKey: claimTargetKey(id), retry: false, staleTime: 0, refetchOnReconnect: false });

export const sendClaimCode = (id: string, channel: ClaimCodeChannel) =>
  apiRequest<{ message: string; masked: string }>('POST', `${claimPath(id)}/code`, { channel });

export const verifyClaim = (id: string, body: ClaimVerify) =>
  apiRequest<ClaimVerified>('POST', `${claimPath(id)}/verify`, body);

/** A claim by document: `body` holds name, email and the file as 'document'. */
export const sendClaimDocument = (id: string, body: FormData) =>
  apiFormUpload<{ message: string }>(`${claimPath(id)}/document`, body);
