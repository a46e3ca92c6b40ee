import { Link } from 'wouter';
import { formPages } from '@shared/forms';
import { Form, SubmitButton, useProgressiveForm } from '@/components/form';
import { Field } from '@/components/ui/field';
import { PasswordInput } from '@/components/ui/password-input';
import { EmailInput } from '@/components/ui/email-input';
import { messageOf } from '@/lib/api';
import { useHydrated } from '@/lib/use-hydrated';
import { useLogin } from '../api';
import { FormSwitchButton } from './FormSwitchButton';
import { toastProblem } from '@/components/ui/toast-problem';

/** The server's answer for an account whose password was never chosen (docs/decisions/0039-portal-screens.md). */
export function isSetupRequired(error: unknown): boolean {
  const text = `${messageOf(error, '')} ${error instanceof Error ? error.message : ''}`;
  return /setup required/i.test(text);
}

const inputOf = (form: HTMLFormElement | null, name: string) =>
  form?.elements.namedItem(name) as HTMLInputElement | null;

/**
 * Sign-in, as the one form (docs/decisions/0097-one-progressive-form.md); a failure is a toast.
 * Without JavaScript it posts to `action`, the sign-in page (docs/decisions/0124-sign-in-without-javascript.md),
 * and a refused one comes back with its message above the fields.
 */
export function SignInForm({
  action,
  defaultEmail,
  focusOnMount,
  onSignedIn,
  onSetupRequired,
  onStartSetup,
}: {
  /** The sign-in page's address with its `?next=`. */
  action: string;
  defaultEmail: string;
  /** After switching back from setup: the email is known, so the password is next. */
  focusOnMount: boolean;
  onSignedIn: () => void;
  onSetupRequired: (email: string) => void;
  onStartSetup: (email: string) => void;
}) {
  const login = useLogin();
  // A button that only works with JavaScript is shown once the page runs: setup is not posted without it.
  const hydrated = useHydrated();
  const form = useProgressiveForm({
    posted: 'contractor-login',
    schema: () => import('@shared/schemas/contractor-auth').then((m) => m.contractorLoginSchema),
    defaultValues: { email: defaultEmail },
    fallback: 'Invalid credentials',
    onProblem: toastProblem('Login Failed'),
    onValid: async (values, el) => {
      try {
        await login.mutateAsync(values);
      } catch (error) {
        // Whatever the answer, the password is typed again.
        inputOf(el, 'password')!.value = '';
        if (!isSetupRequired(error)) throw error;
        return onSetupRequired(values.email);
      }
      onSignedIn();
    },
  });
  const { errors, control, pending } = form;

  return (
    <Form form={form} label="Sign in" action={action} problemTitle="Login Failed">
      <Field id="login-email" label="Email" error={errors.email}>
        <EmailInput
          autoComplete="username"
          {...control('email', 'login-email')}
          autoFocus={(focusOnMount && !defaultEmail) || undefined}
        />
      </Field>
      <Field id="login-password" label="Password" error={errors.password}>
        <PasswordInput
          {...control('password', 'login-password')}
          autoFocus={(focusOnMount && !!defaultEmail) || undefined}
        />
      </Field>
      <Link
        href={formPages.forgotPassword.path}
        className="-mt-2 justify-self-end text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        Forgot your password?
      </Link>
      <SubmitButton className="w-full" pending={pending} pendingLabel="Signing in...">
        Sign In
      </SubmitButton>
      {hydrated && (
        <FormSwitchButton onClick={() => onStartSetup(inputOf(form.props.ref.current, 'email')?.value.trim() ?? '')}>
          First-time setup? Use your setup code
        </FormSwitchButton>
      )}
    </Form>
  );
}
