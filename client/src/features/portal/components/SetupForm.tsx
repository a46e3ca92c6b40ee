import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PASSWORD_MIN_LENGTH, SETUP_TOKEN_LENGTH, setupFormSchema } from '@shared/schemas/contractor-auth';
import { Button } from '@/components/ui/button';
import { describedBy, Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { ApiError, messageOf } from '@/lib/api';
import { useSetup } from '../api';

type SetupValues = z.input<typeof setupFormSchema>;
const FIELDS = ['email', 'token', 'password', 'confirmPassword'] as const;

/** First-time setup: the code from the welcome email and a new password. */
export function SetupForm({ defaultEmail, onComplete, onCancel }: { defaultEmail: string; onComplete: (email: string) => void; onCancel: () => void }) {
  const form = useForm<SetupValues, unknown, z.output<typeof setupFormSchema>>({
    resolver: zodResolver(setupFormSchema),
    defaultValues: { email: defaultEmail, token: '', password: '', confirmPassword: '' },
  });
  const setup = useSetup();
  const errors = form.formState.errors;
  const pending = setup.isPending;

  useEffect(() => {
    form.setFocus(defaultEmail ? 'token' : 'email');
  }, [defaultEmail, form]);

  const token = form.register('token');
  // The code is uppercase: what is typed is shown (and sent) that way, without spaces.
  const onTokenChange = (e: ChangeEvent<HTMLInputElement>) => {
    const el = e.target;
    const caret = el.selectionStart;
    const next = el.value.toUpperCase().replace(/\s+/g, '').slice(0, SETUP_TOKEN_LENGTH);
    if (next !== el.value) {
      const removed = el.value.length - next.length;
      el.value = next;
      if (caret !== null && document.activeElement === el) {
        const pos = Math.max(0, caret - removed);
        el.setSelectionRange(pos, pos);
      }
    }
    void token.onChange(e);
  };

  const onSubmit = form.handleSubmit(({ email, token: code, password }) => {
    setup.mutate(
      { email, token: code, password },
      {
        onSuccess: () => {
          toast({ title: 'Setup Complete', description: 'You can now sign in with your new password.' });
          onComplete(email);
        },
        onError: (error) => {
          if (error instanceof ApiError) {
            for (const field of FIELDS) {
              const message = error.fieldErrors[field];
              if (message) form.setError(field, { message });
            }
          }
          toast({ title: 'Setup Failed', description: messageOf(error, 'Invalid setup token'), variant: 'destructive' });
        },
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="First-time setup">
      <Field id="setup-email" label="Email" error={errors.email?.message}>
        <Input
          id="setup-email"
          type="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={254}
          {...form.register('email')}
          {...describedBy('setup-email', errors.email?.message)}
        />
      </Field>
      <Field id="setup-token" label="Setup Code" error={errors.token?.message} hint={`The ${SETUP_TOKEN_LENGTH}-character code from your welcome email.`}>
        <Input
          id="setup-token"
          autoComplete="one-time-code"
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          maxLength={SETUP_TOKEN_LENGTH}
          className="font-mono uppercase tracking-widest"
          {...token}
          onChange={onTokenChange}
          {...describedBy('setup-token', errors.token?.message)}
        />
      </Field>
      <Field id="setup-password" label="New Password" error={errors.password?.message} hint={`At least ${PASSWORD_MIN_LENGTH} characters, and not a common password.`}>
        <Input id="setup-password" type="password" autoComplete="new-password" maxLength={200} {...form.register('password')} {...describedBy('setup-password', errors.password?.message)} />
      </Field>
      <Field id="setup-confirm" label="Confirm Password" error={errors.confirmPassword?.message}>
        <Input
          id="setup-confirm"
          type="password"
          autoComplete="new-password"
          maxLength={200}
          {...form.register('confirmPassword')}
          {...describedBy('setup-confirm', errors.confirmPassword?.message)}
        />
      </Field>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? 'Completing setup...' : 'Complete Setup'}
      </Button>
      <Button type="button" variant="link" className="h-auto justify-self-center p-0" disabled={pending} onClick={onCancel}>
        Back to sign in
      </Button>
    </form>
  );
}
