import { useMutation } from '@tanstack/react-query';
import { PASSWORD_MAX, PASSWORD_MIN_LENGTH } from '@shared/contractor-auth';
import type { PasswordChange } from '@shared/schemas/contractor-account';
import { useProgressiveForm } from '@/components/form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormNotice } from '@/components/ui/form-notice';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/api';

/**
 * An administrator's own password (docs/decisions/0114-homeowner-privacy.md): the current one
 * needed; other devices are signed out, this one stays signed in.
 */
export function OwnPasswordForm() {
  const change = useMutation({ mutationFn: (body: PasswordChange) => apiRequest<{ message: string }>('POST', '/api/admin/account/password', body) });
  const form = useProgressiveForm({
    schema: () => import('@shared/schemas/contractor-account').then((m) => m.passwordChangeFormSchema),
    fallback: 'Your password could not be changed. Please try again.',
    onValid: async ({ currentPassword, password }) => {
      const { message } = await change.mutateAsync({ currentPassword, password });
      toast({ title: 'Password Changed', description: message });
      form.reset();
    },
  });
  const { errors, control, pending } = form;
  return (
    <section className="mt-8 grid max-w-md gap-2">
      <h2 className="text-lg font-semibold">Change password</h2>
      <form {...form.props} className="grid gap-4" aria-label="Change password">
        {form.problem && <FormNotice variant="destructive" title="Error" description={form.problem} />}
        <Field id="admin-password-current" label="Current Password" error={errors.currentPassword}>
          <Input type="password" autoComplete="current-password" maxLength={PASSWORD_MAX} {...control('currentPassword', 'admin-password-current')} />
        </Field>
        <Field id="admin-password-new" label="New Password" error={errors.password} hint={`At least ${PASSWORD_MIN_LENGTH} characters, and not a common password.`}>
          <Input type="password" autoComplete="new-password" maxLength={PASSWORD_MAX} {...control('password', 'admin-password-new')} />
        </Field>
        <Field id="admin-password-confirm" label="Confirm New Password" error={errors.confirmPassword}>
          <Input type="password" autoComplete="new-password" maxLength={PASSWORD_MAX} {...control('confirmPassword', 'admin-password-confirm')} />
        </Field>
        <p className="text-sm text-muted-foreground">Other devices signed in to your account are signed out; this one stays signed in.</p>
        <Button type="submit" className="justify-self-start" disabled={pending}>
          {pending ? 'Saving...' : 'Change Password'}
        </Button>
      </form>
    </section>
  );
}
