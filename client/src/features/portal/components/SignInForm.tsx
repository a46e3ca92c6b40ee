import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { contractorLoginSchema } from '@shared/schemas/contractor-auth';
import { Button } from '@/components/ui/button';
import { describedBy, Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { ApiError, messageOf } from '@/lib/api';
import { useLogin } from '../api';

type LoginValues = z.input<typeof contractorLoginSchema>;

/** The server's answer for an account whose password was never chosen (docs/decisions/0039-portal-screens.md). */
export function isSetupRequired(error: unknown): boolean {
  const text = `${messageOf(error, '')} ${error instanceof Error ? error.message : ''}`;
  return /setup required/i.test(text);
}

export function SignInForm({
  defaultEmail,
  focusOnMount,
  onSignedIn,
  onSetupRequired,
  onStartSetup,
}: {
  defaultEmail: string;
  /** After switching back from setup: the email is known, so the password is next. */
  focusOnMount: boolean;
  onSignedIn: () => void;
  onSetupRequired: (email: string) => void;
  onStartSetup: (email: string) => void;
}) {
  const form = useForm<LoginValues, unknown, z.output<typeof contractorLoginSchema>>({
    resolver: zodResolver(contractorLoginSchema),
    defaultValues: { email: defaultEmail, password: '' },
  });
  const login = useLogin();
  const errors = form.formState.errors;
  const pending = login.isPending;

  useEffect(() => {
    if (focusOnMount) form.setFocus(defaultEmail ? 'password' : 'email');
  }, [focusOnMount, defaultEmail, form]);

  const onSubmit = form.handleSubmit((values) => {
    login.mutate(values, {
      onSuccess: onSignedIn,
      onError: (error) => {
        form.setValue('password', '');
        if (isSetupRequired(error)) {
          onSetupRequired(values.email);
          return;
        }
        if (error instanceof ApiError) {
          for (const field of ['email', 'password'] as const) {
            const message = error.fieldErrors[field];
            if (message) form.setError(field, { message });
          }
        }
        toast({ title: 'Login Failed', description: messageOf(error, 'Invalid credentials'), variant: 'destructive' });
      },
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Sign in">
      <Field id="login-email" label="Email" error={errors.email?.message}>
        <Input
          id="login-email"
          type="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={254}
          {...form.register('email')}
          {...describedBy('login-email', errors.email?.message)}
        />
      </Field>
      <Field id="login-password" label="Password" error={errors.password?.message}>
        <Input id="login-password" type="password" autoComplete="current-password" maxLength={200} {...form.register('password')} {...describedBy('login-password', errors.password?.message)} />
      </Field>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? 'Signing in...' : 'Sign In'}
      </Button>
      <Button type="button" variant="link" className="h-auto justify-self-center p-0" onClick={() => onStartSetup(form.getValues('email').trim())}>
        First-time setup? Use your setup code
      </Button>
    </form>
  );
}
