import { MailQuestion } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { RESET_REQUESTED_MESSAGE } from '@shared/contractor-auth';
import { formPages } from '@shared/forms';
import type { RouteInput } from '@/lib/route-input';
import { Form, SubmitButton, useProgressiveForm } from '@/components/form';
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
    <AccountFrame
      icon={MailQuestion}
      title="Forgot Your Password?"
      description="Enter the email you sign in with. We will send you a link to choose a new password."
      page={{
        path: formPages.forgotPassword.path,
        summary: 'Get a link to choose a new password for the contractor portal.',
      }}
    >
      {sent ? (
        <>
          <FormNotice variant="success" title="Check your email" description={RESET_REQUESTED_MESSAGE} />
          <Button asChild variant="outline">
            <Link href={LOGIN_PATH}>Back to sign in</Link>
          </Button>
        </>
      ) : (
        <Form form={form} label="Forgot password" action={formPages.forgotPassword.path}>
          <Field id="forgot-email" label="Email" error={form.errors.email}>
            <EmailInput autoComplete="username" {...form.control('email', 'forgot-email')} />
          </Field>
          <SubmitButton className="w-full" pending={form.pending} pendingLabel="Sending...">
            Send Reset Link
          </SubmitButton>
          <Link
            href={LOGIN_PATH}
            className="justify-self-center text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            Back to sign in
          </Link>
        </Form>
      )}
    </AccountFrame>
  );
}
