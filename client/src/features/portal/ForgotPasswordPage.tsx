import { MailQuestion } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { RESET_REQUESTED_MESSAGE } from '@shared/contractor-auth';
import { formPages } from '@shared/forms';
import { Head } from '@/components/head';
import { useRegion } from '@/lib/region';
import type { RouteInput } from '@/lib/route-input';
import { useProgressiveForm } from '@/components/form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormNotice } from '@/components/ui/form-notice';
import { EmailInput } from '@/components/ui/email-input';
import { requestPasswordReset } from './account-api';
import { LOGIN_PATH } from './api';
import { AccountFrame } from './components/AccountFrame';

/**
 * /contractor/forgot-password (docs/decisions/0108-contractor-password-reset.md): one email field;
 * the answer is the same whether or not an account uses it. Posts without JavaScript too; both
 * ways land on `?sent=1`.
 */
export default function ForgotPasswordPage({ search }: RouteInput) {
  const region = useRegion();
  const [, navigate] = useLocation();
  const sent = search.get('sent') === '1';
  const form = useProgressiveForm({
    posted: 'forgot-password',
    schema: () => import('@shared/schemas/contractor-account').then((m) => m.passwordResetRequestSchema),
    fallback: 'The request could not be sent. Please try again.',
    onValid: async ({ email }) => {
      await requestPasswordReset({ email });
      navigate(formPages.forgotPassword.done);
    },
  });

  return (
    <>
      <Head
        title={`Forgot Your Password? | ${region.siteTitle}`}
        description="Get a link to choose a new password for the contractor portal."
        path={formPages.forgotPassword.path}
        robots="noindex, nofollow"
      />
      <AccountFrame
        icon={<MailQuestion className="h-6 w-6 text-primary" aria-hidden="true" />}
        title="Forgot Your Password?"
        description="Enter the email you sign in with. We will send you a link to choose a new password."
      >
        {sent ? (
          <>
            <FormNotice variant="success" title="Check your email" description={RESET_REQUESTED_MESSAGE} />
            <Button asChild variant="outline">
              <Link href={LOGIN_PATH}>Back to sign in</Link>
            </Button>
          </>
        ) : (
          <form
            method="post"
            action={formPages.forgotPassword.path}
            {...form.props}
            className="grid gap-4"
            aria-label="Forgot password"
          >
            {form.problem && <FormNotice variant="destructive" title="Error" description={form.problem} />}
            <Field id="forgot-email" label="Email" error={form.errors.email}>
              <EmailInput autoComplete="username" {...form.control('email', 'forgot-email')} />
            </Field>
            <Button type="submit" className="w-full" disabled={form.pending}>
              {form.pending ? 'Sending...' : 'Send Reset Link'}
            </Button>
            <Link
              href={LOGIN_PATH}
              className="justify-self-center text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              Back to sign in
            </Link>
          </form>
        )}
      </AccountFrame>
    </>
  );
}
