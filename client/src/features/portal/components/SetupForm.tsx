import type { ChangeEvent } from 'react';
import { SETUP_TOKEN_LENGTH } from '@shared/contractor-auth';
import { SubmitButton, useProgressiveForm } from '@/components/form';
import { NewPasswordFields } from '@/components/new-password-fields';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { EmailInput } from '@/components/ui/email-input';
import { toast } from '@/components/ui/use-toast';
import { useSetup } from '../api';
import { FormSwitchButton } from './FormSwitchButton';
import { toastProblem } from '@/components/ui/toast-problem';

// The code is uppercase: what is typed is shown (and sent) that way, without spaces.
function onTokenChange(e: ChangeEvent<HTMLInputElement>) {
  const el = e.target;
  const caret = el.selectionStart;
  const next = el.value.toUpperCase().replace(/\s+/g, '').slice(0, SETUP_TOKEN_LENGTH);
  if (next === el.value) return;
  const removed = el.value.length - next.length;
  el.value = next;
  if (caret !== null && document.activeElement === el) {
    const pos = Math.max(0, caret - removed);
    el.setSelectionRange(pos, pos);
  }
}

/**
 * First-time setup: the code from the welcome email and a new password, as the one form
 * (docs/decisions/0097-one-progressive-form.md). A claimed listing's page fills in the email and
 * code its claim gave (docs/decisions/0131-listing-claims.md): only the password is left to type.
 */
export function SetupForm({
  defaultEmail = '',
  defaultToken = '',
  tokenHint = `The ${SETUP_TOKEN_LENGTH}-character code from your welcome email.`,
  onComplete,
  onCancel,
}: {
  defaultEmail?: string;
  defaultToken?: string;
  /** What the code field says it is. */
  tokenHint?: string;
  onComplete: (email: string) => void;
  /** 'Back to sign in'; none without it. */
  onCancel?: () => void;
}) {
  const setup = useSetup();
  // The first field left to fill takes the focus.
  const first = !defaultEmail ? 'email' : !defaultToken ? 'token' : 'password';
  const form = useProgressiveForm({
    schema: () => import('@shared/schemas/contractor-auth').then((m) => m.setupFormSchema),
    defaultValues: { email: defaultEmail, token: defaultToken },
    fallback: 'Invalid setup token',
    onProblem: toastProblem('Setup Failed'),
    onValid: async ({ email, token, password }) => {
      await setup.mutateAsync({ email, token, password });
      toast({ title: 'Setup Complete', description: 'You can now sign in with your new password.' });
      onComplete(email);
    },
  });
  const { errors, control, pending } = form;

  return (
    <form {...form.props} className="grid gap-4" aria-label="First-time setup">
      <Field id="setup-email" label="Email" error={errors.email}>
        <EmailInput
          autoComplete="username"
          {...control('email', 'setup-email')}
          autoFocus={first === 'email' || undefined}
        />
      </Field>
      <Field id="setup-token" label="Setup Code" error={errors.token} hint={tokenHint}>
        <Input
          autoComplete="one-time-code"
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          maxLength={SETUP_TOKEN_LENGTH}
          className="font-mono uppercase tracking-widest"
          onChange={onTokenChange}
          {...control('token', 'setup-token')}
          autoFocus={first === 'token' || undefined}
        />
      </Field>
      <NewPasswordFields
        form={form}
        ids={{ password: 'setup-password', confirm: 'setup-confirm' }}
        autoFocus={first === 'password'}
      />
      <SubmitButton className="w-full" pending={pending} pendingLabel="Completing setup...">
        Complete Setup
      </SubmitButton>
      {onCancel && (
        <FormSwitchButton disabled={pending} onClick={onCancel}>
          Back to sign in
        </FormSwitchButton>
      )}
    </form>
  );
}
