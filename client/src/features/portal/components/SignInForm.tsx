import { Link } from 'wouter';
import { PASSWORD_MAX } from '@shared/contractor-auth';
import { formPages } from '@shared/forms';
import { useProgressiveForm } from '@/components/form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormNotice } from '@/components/ui/form-notice';
import { Input } from '@/components/ui/input';
import { EmailInput } from '@/components/ui/email-input';
import { messageOf } from '@/lib/api';
import { useHydrated } from '@/lib/use-hydrated';
import { useLogin } from '../api';
import { toastProblem } from './form-toast';

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
    <form method="post" action={action} {...form.props} className="grid gap-4" aria-label="Sign in">
      {form.problem && <FormNotice variant="destructive" title="Login Failed" description={form.problem} />}
      <Field id="login-email" label="Email" error={errors.email}>
        <EmailInput
          autoComplete="username"
          {...control('email', 'login-email')}
          autoFocus={(focusOnMount && !defaultEmail) || undefined}
        />
      </Field>
      <Field id="login-password" label="Password" error={errors.password}>
        <Input
          type="password"
          autoComplete="current-password"
          maxLength={PASSWORD_MAX}
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
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? 'Signing in...' : 'Sign In'}
      </Button>
      {hydrated && (
        <Button
          type="button"
          variant="link"
          className="h-auto justify-self-center p-0"
          onClick={() => onStartSetup(inputOf(form.props.ref.current, 'email')?.value.trim() ?? '')}
        >
          First-time setup? Use your setup code
        </Button>
      )}
    </form>
  );
}
