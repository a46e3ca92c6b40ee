import { KeyRound } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { INVALID_LINK_MESSAGE } from '@shared/contractor-auth';
import { formPages } from '@shared/forms';
import type { RouteInput } from '@/lib/route-input';
import { NewPasswordFields } from '@/components/new-password-fields';
import { SingleUseLinkForm, useSingleUseLink } from '@/components/single-use-link';
import { toast } from '@/components/ui/use-toast';
import { resetPassword } from './account-api';
import { LOGIN_PATH } from './api';
import { AccountFrame } from './components/AccountFrame';

const DONE =
  'Your password is changed, and every device signed in to your account has been signed out. Sign in with your new password.';

/**
 * /contractor/reset-password?token= (docs/decisions/0108-contractor-password-reset.md): where the
 * reset email's link lands. The token goes with the form as a hidden field; without JavaScript the
 * form posts here and lands on `?done=1`, with it the sign-in page follows.
 */
export default function ResetPasswordPage({ search }: RouteInput) {
  const [, navigate] = useLocation();
  const link = useSingleUseLink(search, formPages.resetPassword, {
    posted: 'reset-password',
    schema: () => import('@shared/schemas/contractor-account').then((m) => m.passwordResetFormSchema),
    fallback: 'Your password could not be changed. Please try again.',
    onValid: async ({ token, password }) => {
      await resetPassword({ token, password });
      toast({ title: 'Password Changed', description: 'Sign in with your new password.' });
      navigate(LOGIN_PATH, { replace: true });
    },
  });
  const { form, landedDone: done } = link;
  const linkProblem = form.problem === INVALID_LINK_MESSAGE || (!link.token && !done);

  return (
    <AccountFrame
      icon={KeyRound}
      title="Choose a New Password"
      description="Using this link signs your account out on every device."
      page={{ path: formPages.resetPassword.path, summary: 'Choose a new password for the contractor portal.' }}
    >
      <SingleUseLinkForm
        link={link}
        label="Reset password"
        invalid={INVALID_LINK_MESSAGE}
        submit={{ label: 'Set New Password', pending: 'Saving...' }}
        done={done && { title: 'Password changed', description: DONE, next: { href: LOGIN_PATH, label: 'Sign in' } }}
      >
        <NewPasswordFields form={form} ids={{ password: 'reset-password', confirm: 'reset-confirm' }} />
      </SingleUseLinkForm>
      {linkProblem && (
        <Link
          href={formPages.forgotPassword.path}
          className="justify-self-center text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          Ask for a new link
        </Link>
      )}
    </AccountFrame>
  );
}
