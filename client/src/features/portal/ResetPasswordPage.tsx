import { KeyRound } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { INVALID_LINK_MESSAGE, PASSWORD_MAX, PASSWORD_MIN_LENGTH } from '@shared/contractor-auth';
import { formPages } from '@shared/forms';
import { Head } from '@/components/head';
import { postedText } from '@/lib/posted-form';
import { useRegion } from '@/lib/region';
import type { RouteInput } from '@/lib/route-input';
import { useProgressiveForm } from '@/components/form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormNotice } from '@/components/ui/form-notice';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { resetPassword } from './account-api';
import { LOGIN_PATH } from './api';
import { AccountFrame } from './components/AccountFrame';

const DONE = 'Your password is changed, and every device signed in to your account has been signed out. Sign in with your new password.';

/**
 * /contractor/reset-password?token= (docs/decisions/0108-contractor-password-reset.md): where the
 * reset email's link lands. The token goes with the form as a hidden field; without JavaScript the
 * form posts here and lands on `?done=1`, with it the sign-in page follows.
 */
export default function ResetPasswordPage({ search }: RouteInput) {
  const region = useRegion();
  const [, navigate] = useLocation();
  const done = search.get('done') === '1';
  const form = useProgressiveForm({
    posted: 'reset-password',
    schema: () => import('@shared/schemas/contractor-account').then((m) => m.passwordResetFormSchema),
    defaultValues: { token: search.get('token') ?? '' },
    fallback: 'Your password could not be changed. Please try again.',
    onValid: async ({ token, password }) => {
      await resetPassword({ token, password });
      toast({ title: 'Password Changed', description: 'Sign in with your new password.' });
      navigate(LOGIN_PATH, { replace: true });
    },
  });
  const token = search.get('token') ?? postedText(form.posted, 'token');
  const linkProblem = form.problem === INVALID_LINK_MESSAGE || (!token && !done);

  let body;
  if (done) {
    body = (
      <>
        <FormNotice variant="success" title="Password changed" description={DONE} />
        <Button asChild>
          <Link href={LOGIN_PATH}>Sign in</Link>
        </Button>
      </>
    );
  } else if (!token) {
    body = <FormNotice variant="destructive" title="Link not valid" description={INVALID_LINK_MESSAGE} />;
  } else {
    body = (
      <form method="post" action={formPages.resetPassword.path} {...form.props} className="grid gap-4" aria-label="Reset password">
        {form.problem && <FormNotice variant="destructive" title="Error" description={form.problem} />}
        <input type="hidden" {...form.control('token', 'reset-token')} />
        <Field id="reset-password" label="New Password" error={form.errors.password} hint={`At least ${PASSWORD_MIN_LENGTH} characters, and not a common password.`}>
          <Input type="password" autoComplete="new-password" maxLength={PASSWORD_MAX} {...form.control('password', 'reset-password')} />
        </Field>
        <Field id="reset-confirm" label="Confirm Password" error={form.errors.confirmPassword}>
          <Input type="password" autoComplete="new-password" maxLength={PASSWORD_MAX} {...form.control('confirmPassword', 'reset-confirm')} />
        </Field>
        <Button type="submit" className="w-full" disabled={form.pending}>
          {form.pending ? 'Saving...' : 'Set New Password'}
        </Button>
      </form>
    );
  }

  return (
    <>
      <Head title={`Choose a New Password | ${region.siteTitle}`} description="Choose a new password for the contractor portal." path={formPages.resetPassword.path} robots="noindex, nofollow" />
      <AccountFrame icon={<KeyRound className="h-6 w-6 text-primary" aria-hidden="true" />} title="Choose a New Password" description="Using this link signs your account out on every device.">
        {body}
        {linkProblem && (
          <Link href={formPages.forgotPassword.path} className="justify-self-center text-sm font-medium text-primary underline-offset-4 hover:underline">
            Ask for a new link
          </Link>
        )}
      </AccountFrame>
    </>
  );
}
