import { PASSWORD_MAX, PASSWORD_MIN_LENGTH } from '@shared/contractor-auth';
import type { PasswordChange } from '@shared/schemas/contractor-account';
import { useProgressiveForm } from '@/components/form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormNotice } from '@/components/ui/form-notice';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';

/**
 * Changing one's own password, in the contractor portal and in the admin area: the current one,
 * the new one twice. The server signs out the account's other devices; this one stays signed in.
 * A failure shows above the fields, or as `onProblem` says it (the portal's toast).
 */
export function PasswordChangeForm({
  idPrefix,
  change,
  onProblem,
  className,
}: {
  /** Makes the fields' ids: `${idPrefix}-current`, `-new`, `-confirm`. */
  idPrefix: string;
  change: (body: PasswordChange) => Promise<{ message: string }>;
  onProblem?: (message: string, error: unknown) => void;
  className?: string;
}) {
  const form = useProgressiveForm({
    schema: () => import('@shared/schemas/contractor-account').then((m) => m.passwordChangeFormSchema),
    fallback: 'Your password could not be changed. Please try again.',
    onProblem,
    onValid: async ({ currentPassword, password }) => {
      const { message } = await change({ currentPassword, password });
      toast({ title: 'Password Changed', description: message });
      form.reset();
    },
  });
  const { errors, control, pending } = form;
  const id = (part: string) => `${idPrefix}-${part}`;
  return (
    <form {...form.props} className={`grid gap-4 ${className ?? ''}`} aria-label="Change password">
      {form.problem && <FormNotice variant="destructive" title="Error" description={form.problem} />}
      <Field id={id('current')} label="Current Password" error={errors.currentPassword}>
        <Input
          type="password"
          autoComplete="current-password"
          maxLength={PASSWORD_MAX}
          {...control('currentPassword', id('current'))}
        />
      </Field>
      <Field
        id={id('new')}
        label="New Password"
        error={errors.password}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters, and not a common password.`}
      >
        <Input
          type="password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          {...control('password', id('new'))}
        />
      </Field>
      <Field id={id('confirm')} label="Confirm New Password" error={errors.confirmPassword}>
        <Input
          type="password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          {...control('confirmPassword', id('confirm'))}
        />
      </Field>
      <p className="text-sm text-muted-foreground">
        Other devices signed in to your account are signed out; this one stays signed in.
      </p>
      <Button type="submit" className="justify-self-start" disabled={pending}>
        {pending ? 'Saving...' : 'Change Password'}
      </Button>
    </form>
  );
}
