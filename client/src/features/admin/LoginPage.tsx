import { ShieldCheck } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { signInPages } from '@shared/sign-in-next';
import { ADMIN_PASSWORD_MAX, ADMIN_USERNAME_MAX } from '@shared/schemas/admin';
import { Head } from '@/components/head';
import { Form, SubmitButton, useProgressiveForm } from '@/components/form';
import { Card, CardContent } from '@/components/ui/card';
import { IconCardHeader } from '@/components/ui/icon-card-header';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { toast } from '@/components/ui/use-toast';
import { useAdminSession, useLogin } from './api';
import { useSecondStep } from './two-factor-api';
import { useRegion } from '@/lib/region';
import { TextField } from '@/components/form/text-field';

/**
 * The second step (docs/decisions/0109-admin-two-factor.md): the code the authenticator app shows,
 * or one of the recovery codes, which is then used up. Without JavaScript it posts to its own page,
 * /admin/login/code (docs/decisions/0124-sign-in-without-javascript.md).
 */
function CodeStep({ onDone }: { onDone: () => void }) {
  const second = useSecondStep();
  const form = useProgressiveForm({
    posted: 'admin-code',
    schema: () => import('@shared/schemas/admin-two-factor').then((m) => m.secondStepSchema),
    fallback: 'Invalid code',
    onInvalid: (errors) => toast({ title: 'Missing Information', description: errors.code, variant: 'destructive' }),
    onProblem: (message) => toast({ title: 'Login Failed', description: message, variant: 'destructive' }),
    onValid: async (values, el) => {
      try {
        const answer = await second.mutateAsync(values);
        toast({
          title: 'Login Successful',
          description: answer.message === 'Login successful' ? 'Welcome to the admin dashboard.' : answer.message,
        });
      } catch (error) {
        (el.elements.namedItem('code') as HTMLInputElement).value = '';
        throw error;
      }
      onDone();
    },
  });
  return (
    <Form form={form} label="Two-factor code" action={signInPages.adminCode.path} problemTitle="Login Failed">
      <TextField
        form={form}
        name="code"
        id="admin-code"
        label="Code from your authenticator app"
        hint="Lost your phone? Enter one of your recovery codes instead."
        autoComplete="one-time-code"
        inputMode="text"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={40}
      />
      <SubmitButton className="w-full" pending={form.pending} pendingLabel="Checking...">
        Verify
      </SubmitButton>
    </Form>
  );
}

export default function LoginPage() {
  const region = useRegion();
  const session = useAdminSession();
  const login = useLogin();
  const [path, navigate] = useLocation();
  // The code step is shown in place once the password was right, and is a page of its own for the post without JavaScript.
  const codePage = path === signInPages.adminCode.path;
  const codeStep = codePage || (session.state === 'anonymous' && session.codeStep);
  const mustEnrol = session.state === 'authenticated' && session.mustEnrol;
  // The one form (docs/decisions/0097-one-progressive-form.md); without JavaScript it posts to this page (docs/decisions/0124-sign-in-without-javascript.md).
  const form = useProgressiveForm({
    posted: 'admin-login',
    schema: () => import('@shared/schemas/admin').then((m) => m.adminLoginSchema),
    fallback: 'Invalid credentials',
    onInvalid: (errors) =>
      toast({ title: 'Missing Information', description: errors.username ?? errors.password, variant: 'destructive' }),
    onProblem: (message) => toast({ title: 'Login Failed', description: message, variant: 'destructive' }),
    onValid: async (values, el) => {
      let answer;
      try {
        answer = await login.mutateAsync(values);
      } catch (error) {
        // A refused sign-in is tried again from an empty password.
        (el.elements.namedItem('password') as HTMLInputElement).value = '';
        throw error;
      }
      // The code step shows in place of this form; an account that must set up two-factor sign-in goes there.
      if (answer.twoFactor === 'code') return;
      if (answer.twoFactor === 'enrol') {
        toast({
          title: 'Set up two-factor sign-in',
          description: 'Every administrator signs in with an authenticator app here.',
        });
        navigate(signInPages.adminLogin.enrol, { replace: true });
        return;
      }
      toast({ title: 'Login Successful', description: 'Welcome to the admin dashboard.' });
      navigate(signInPages.adminLogin.done, { replace: true });
    },
  });
  const { errors, control } = form;

  // Already signed in: straight to the dashboard.
  useEffect(() => {
    if (session.state === 'authenticated')
      navigate(mustEnrol ? signInPages.adminLogin.enrol : signInPages.adminLogin.done, { replace: true });
  }, [session.state, mustEnrol, navigate]);

  const pending = form.pending;
  return (
    <>
      <Head
        title={`Admin Login | ${region.siteTitle}`}
        description="Sign in to administer the contractor directory."
        path={signInPages.adminLogin.path}
        robots="noindex, nofollow"
      />
      <div className="w-full max-w-sm">
        <Card>
          <IconCardHeader
            icon={ShieldCheck}
            title="Admin Login"
            description={
              codeStep
                ? 'Enter the 6-digit code your authenticator app shows.'
                : `Sign in to manage ${region.siteTitle}.`
            }
          />
          <CardContent>
            {codeStep ? (
              <CodeStep onDone={() => navigate(signInPages.adminCode.done, { replace: true })} />
            ) : (
              <Form form={form} label="Admin login" action={signInPages.adminLogin.path} problemTitle="Login Failed">
                <Field id="admin-username" label="Username" error={errors.username}>
                  <Input
                    autoComplete="username"
                    autoCapitalize="none"
                    spellCheck={false}
                    maxLength={ADMIN_USERNAME_MAX}
                    {...control('username', 'admin-username')}
                  />
                </Field>
                <Field id="admin-password" label="Password" error={errors.password}>
                  <PasswordInput maxLength={ADMIN_PASSWORD_MAX} {...control('password', 'admin-password')} />
                </Field>
                <SubmitButton className="w-full" pending={pending} pendingLabel="Logging in...">
                  Login
                </SubmitButton>
              </Form>
            )}
          </CardContent>
        </Card>
        {codePage && (
          <p className="mt-4 text-center text-sm">
            <Link
              href={signInPages.adminLogin.path}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              Sign in again with your password
            </Link>
          </p>
        )}
        <p className="mt-4 text-center text-sm text-muted-foreground">
          <Link href="/" className="hover:text-primary hover:underline">
            {`Back to ${region.siteTitle}`}
          </Link>
        </p>
      </div>
    </>
  );
}
