import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { signInPages } from '@shared/sign-in-next';
import type { AdminCheck } from '@shared/schemas/admin';
import type {
  AdminLoginAnswer,
  RecoveryCodesAnswer,
  TwoFactorEnrolment,
  TwoFactorStatus,
} from '@shared/schemas/admin-two-factor';
import { apiRequest } from '@/lib/api';
import { sessionKey } from './api';

/** An administrator's own two-factor sign-in and the sign-in's second step (docs/decisions/0109-admin-two-factor.md). */
/** Its page; the only one while it must be set up. */
export const TWO_FACTOR_PATH = signInPages.adminLogin.enrol;

export const twoFactorKey = ['/api/admin/two-factor'] as const;

export const useTwoFactorStatus = () => useQuery<TwoFactorStatus>({ queryKey: twoFactorKey });

/**
 * After the change, the session is read again: an account that had to enrol is let through. The
 * mutation ends only once both are read again, so a step taken right after it (leaving the
 * recovery codes for the dashboard) never meets the session from before and is sent back here.
 */
function useTwoFactorMutation<B, T>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => apiRequest<T>('POST', path, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: twoFactorKey }),
        queryClient.invalidateQueries({ queryKey: sessionKey }),
      ]),
  });
}

export const useBeginEnrolment = () =>
  useTwoFactorMutation<Record<string, never>, TwoFactorEnrolment>('/api/admin/two-factor/setup');
export const useConfirmEnrolment = () =>
  useTwoFactorMutation<{ code: string }, RecoveryCodesAnswer>('/api/admin/two-factor/confirm');
export const useNewRecoveryCodes = () =>
  useTwoFactorMutation<{ code: string }, RecoveryCodesAnswer>('/api/admin/two-factor/recovery-codes');
export const useTurnOffTwoFactor = () =>
  useTwoFactorMutation<{ code: string }, TwoFactorStatus>('/api/admin/two-factor/disable');

/** The sign-in's second step: a code from the app, or a recovery code. */
export function useSecondStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { code: string }) => apiRequest<AdminLoginAnswer>('POST', '/api/admin/login/code', body),
    onSuccess: (data) => {
      queryClient.setQueryData<AdminCheck>(sessionKey, { authenticated: true, username: data.username });
      void queryClient.invalidateQueries({ queryKey: sessionKey });
    },
  });
}
