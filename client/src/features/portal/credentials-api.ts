import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContractorCredentials } from '@shared/schemas/credentials';
import { apiRequest, apiUpload, type ApiKey } from '@/lib/api';
import { invalidatePortal } from './api';

/** The contractor's own credentials (docs/decisions/0031-credentials-stored.md). */

export const credentialsKey: ApiKey = ['/api/contractor/credentials'];
export const CERTIFICATE_HREF = '/api/contractor/insurance-certificate';

export const useCredentials = () => useQuery<ContractorCredentials>({ queryKey: credentialsKey });

function useCredentialMutation<V>(send: (v: V) => Promise<ContractorCredentials>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (data) => queryClient.setQueryData(credentialsKey, data),
    // A change can withdraw a verification, and with it the badge the profile shows.
    onSettled: () => void invalidatePortal(queryClient),
  });
}

export const useUpdateCredentials = () =>
  useCredentialMutation((body: Record<string, string>) =>
    apiRequest<ContractorCredentials>('PATCH', '/api/contractor/credentials', body),
  );

export const useUploadCertificate = () =>
  useCredentialMutation((file: File) =>
    apiUpload<ContractorCredentials>('/api/contractor/insurance-certificate', file),
  );
