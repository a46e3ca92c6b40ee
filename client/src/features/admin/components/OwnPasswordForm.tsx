import { useMutation } from '@tanstack/react-query';
import type { PasswordChange } from '@shared/schemas/contractor-account';
import { PasswordChangeForm } from '@/components/password-change-form';
import { apiRequest } from '@/lib/api';

/**
 * An administrator's own password (docs/decisions/0114-homeowner-privacy.md): the current one
 * needed; other devices are signed out, this one stays signed in.
 */
export function OwnPasswordForm() {
  const change = useMutation({
    mutationFn: (body: PasswordChange) => apiRequest<{ message: string }>('POST', '/api/admin/account/password', body),
  });
  return (
    <section className="mt-8 grid max-w-md gap-2">
      <h2 className="text-lg font-semibold">Change password</h2>
      <PasswordChangeForm idPrefix="admin-password" change={change.mutateAsync} />
    </section>
  );
}
