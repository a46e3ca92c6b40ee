import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminCheck } from '@shared/schemas/admin';
import type { AdminAccount, AdminAccountList, CreateAdminInput, UpdateAdminInput } from '@shared/schemas/admin-users';
import { apiRequest } from '@/lib/api';
import { invalidatePaths, sessionKey } from './api';

/** Administrator accounts and the county switcher (docs/decisions/0103-county-administrators.md). */
export const accountsKey = ['/api/admin/users'] as const;

export const useAdminAccounts = () => useQuery<AdminAccountList>({ queryKey: accountsKey });

export function useCreateAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAdminInput) => apiRequest<AdminAccount>('POST', '/api/admin/users', body),
    onSettled: () => void invalidatePaths(queryClient, '/api/admin/users'),
  });
}

export function useUpdateAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateAdminInput & { id: number }) =>
      apiRequest<AdminAccount>('PATCH', `/api/admin/users/${id}`, body),
    onSettled: () => void invalidatePaths(queryClient, '/api/admin/users'),
  });
}

/** The platform administrator's resets of another account (docs/decisions/0109-admin-two-factor.md). */
export function useResetAdminPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, password }: { id: number; password: string }) =>
      apiRequest<AdminAccount>('POST', `/api/admin/users/${id}/password`, { password }),
    onSettled: () => void invalidatePaths(queryClient, '/api/admin/users'),
  });
}

export function useResetAdminTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<AdminAccount>('POST', `/api/admin/users/${id}/two-factor/reset`, {}),
    onSettled: () => void invalidatePaths(queryClient, '/api/admin/users'),
  });
}

/** Chooses the county every list shows (null: all of the administrator's); every admin read is read again. */
export function useChooseCounty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (countyId: number | null) => apiRequest<AdminCheck>('PUT', '/api/admin/scope', { countyId }),
    onSuccess: (check) => {
      queryClient.setQueryData<AdminCheck>(sessionKey, check);
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== sessionKey[0] });
    },
  });
}
