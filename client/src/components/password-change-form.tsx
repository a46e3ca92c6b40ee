import type { PasswordChange } from '@shared/schemas/contractor-account';
import { Form, SubmitButton, useProgressiveForm } from '@/components/form';
import { NewPasswordFields } from '@/components/new-password-fields';
import { Field } from '@/components/ui/field';
import { PasswordInput } from '@/components/ui/password-input';
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
    <Form form={form} label="Change password" className={`grid gap-4 ${className ?? ''}`}>
      <Field id={id('current')} label="Current Password" error={errors.currentPassword}>
        <PasswordInput {...control('currentPassword', id('current'))} />
      </Field>
      <NewPasswordFields
        form={form}
        ids={{ password: id('new'), confirm: id('confirm') }}
        confirmLabel="Confirm New Password"
      />
      <p className="text-sm text-muted-foreground">
        Other devices signed in to your account are signed out; this one stays signed in.
      </p>
      <SubmitButton className="justify-self-start" pending={pending} pendingLabel="Saving...">
        Change Password
      </SubmitButton>
    </Form>
  );
}
