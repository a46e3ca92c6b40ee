import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Credential } from '@shared/credentials';
import type { ContractorCredentials, CredentialAttentionList } from '@shared/schemas/credentials';
import { apiRequest, apiUpload, type ApiKey } from '@/lib/api';
import { invalidatePaths } from './api';

/** Credentials (docs/decisions/0032-credential-verification.md): one contractor's, and what the dashboard lists. */

export const credentialsKey = (id: number): ApiKey => [`/api/admin/contractors/${id}/credentials`];
export const attentionKey: ApiKey = ['/api/admin/credentials/attention'];
export const certificateHref = (id: number) => `/api/admin/contractors/${id}/insurance-certificate`;

export const useCredentials = (id: number) =>
  useQuery<ContractorCredentials>({ queryKey: credentialsKey(id), enabled: id > 0 });
export const useCredentialAttention = () => useQuery<CredentialAttentionList>({ queryKey: attentionKey });

/** A credential change moves the badge: the admin lists, the dashboard and the public directory are read again. */
function useCredentialMutation<V>(id: number, send: (v: V) => Promise<ContractorCredentials>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (data) => queryClient.setQueryData(credentialsKey(id), data),
    onSettled: () =>
      void invalidatePaths(queryClient, '/api/admin/contractors', '/api/admin/credentials', '/api/contractors'),
  });
}

export const useUpdateCredentials = (id: number) =>
  useCredentialMutation(id, (body: Record<string, string>) =>
    apiRequest<ContractorCredentials>('PATCH', `/api/admin/contractors/${id}/credentials`, body),
  );

export const useVerifyCredential = (id: number) =>
  useCredentialMutation(id, ({ credential, how }: { credential: Credential; how: string }) =>
    apiRequest<ContractorCredentials>('POST', `/api/admin/contractors/${id}/credentials/${credential}/verify`, { how }),
  );

export const useUnverifyCredential = (id: number) =>
  useCredentialMutation(id, ({ credential, reason }: { credential: Credential; reason: string }) =>
    apiRequest<ContractorCredentials>(
      'POST',
      `/api/admin/contractors/${id}/credentials/${credential}/unverify`,
      reason ? { reason } : {},
    ),
  );

export const useUploadCertificate = (id: number) =>
  useCredentialMutation(id, (file: File) =>
    apiUpload<ContractorCredentials>(`/api/admin/contractors/${id}/insurance-certificate`, file),
  );
