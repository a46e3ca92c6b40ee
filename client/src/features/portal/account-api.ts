import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  EmailChange,
  EmailConfirm,
  PasswordChange,
  PasswordReset,
  PasswordResetRequest,
} from '@shared/schemas/contractor-account';
import { apiRequest } from '@/lib/api';
import { profileKey } from './api';

/** The account's own calls (docs/decisions/0108-contractor-password-reset.md); the pages' forms also post without JavaScript. */

type Answer = { message: string };

export const requestPasswordReset = (body: PasswordResetRequest) =>
  apiRequest<Answer>('POST', '/api/contractor/forgot-password', body);

export const resetPassword = (body: PasswordReset) =>
  apiRequest<Answer>('POST', '/api/contractor/reset-password', body);

export const confirmEmail = (body: EmailConfirm) =>
  apiRequest<Answer & { email: string }>('POST', '/api/contractor/confirm-email', body);

export const logoutEverywhere = () => apiRequest<Answer>('POST', '/api/contractor/logout-everywhere');

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: PasswordChange) => apiRequest<Answer>('POST', '/api/contractor/password', body),
  });
}

export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EmailChange) => apiRequest<Answer & { email: string }>('POST', '/api/contractor/email', body),
    // Nothing changes until the link is opened, maybe in another tab: read the profile again then.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKey, refetchType: 'none' }),
  });
}
