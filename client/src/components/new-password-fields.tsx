import { PASSWORD_MIN_LENGTH } from '@shared/contractor-auth';
import type { ProgressiveForm } from '@/components/form';
import { Field } from '@/components/ui/field';
import { PasswordInput } from '@/components/ui/password-input';

/**
 * Choosing a password (first-time setup, a reset link, a change): the new one with the rules it
 * must meet, then again, as the schemas' `password` and `confirmPassword`.
 */
export function NewPasswordFields({
  form,
  ids,
  confirmLabel = 'Confirm Password',
  autoFocus,
}: {
  form: Pick<ProgressiveForm, 'errors' | 'control'>;
  ids: { password: string; confirm: string };
  confirmLabel?: string;
  /** Focus the new password on mount; without it, the form's own focus (a refused post's first error) holds. */
  autoFocus?: boolean;
}) {
  const password = form.control('password', ids.password);
  return (
    <>
      <Field
        id={ids.password}
        label="New Password"
        error={form.errors.password}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters, and not a common password.`}
      >
        <PasswordInput
          autoComplete="new-password"
          {...password}
          autoFocus={autoFocus === undefined ? password.autoFocus : autoFocus || undefined}
        />
      </Field>
      <Field id={ids.confirm} label={confirmLabel} error={form.errors.confirmPassword}>
        <PasswordInput autoComplete="new-password" {...form.control('confirmPassword', ids.confirm)} />
      </Field>
    </>
  );
}
