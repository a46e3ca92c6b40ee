import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { INVALID_LINK_MESSAGE } from '@shared/contractor-auth';
import { formPages } from '@shared/forms';
import type { RouteInput } from '@/lib/route-input';
import { SingleUseLinkForm, useSingleUseLink } from '@/components/single-use-link';
import { confirmEmail } from './account-api';
import { LOGIN_PATH, PORTAL_PATH } from './api';
import { AccountFrame } from './components/AccountFrame';

/**
 * /contractor/confirm-email?token= (docs/decisions/0108-contractor-password-reset.md): the link
 * sent to a new sign-in email. Opening it changes nothing (mail scanners open links); the button
 * does, with or without JavaScript (without, it lands on `?done=1`).
 */
export default function ConfirmEmailPage({ search }: RouteInput) {
  const [changedTo, setChangedTo] = useState<string | null>(null);
  const link = useSingleUseLink(search, formPages.confirmEmail, {
    posted: 'confirm-email',
    schema: () => import('@shared/schemas/contractor-account').then((m) => m.emailConfirmSchema),
    fallback: 'Your email could not be changed. Please try again.',
    onValid: async ({ token }) => setChangedTo((await confirmEmail({ token })).email),
  });
  const done = changedTo !== null || link.landedDone;

  return (
    <AccountFrame
      icon={MailCheck}
      title="Confirm Your New Email"
      description="Your account signs in with this address once you confirm it."
      page={{
        path: formPages.confirmEmail.path,
        summary: 'Confirm the new sign-in email of your contractor portal account.',
      }}
    >
      <SingleUseLinkForm
        link={link}
        label="Confirm your new email"
        invalid={INVALID_LINK_MESSAGE}
        submit={{ label: 'Confirm New Email', pending: 'Confirming...' }}
        done={
          done && {
            title: 'Email changed',
            description: changedTo ? `Your sign-in email is now ${changedTo}.` : 'Your sign-in email is changed.',
            next: { href: PORTAL_PATH, label: 'Go to the portal' },
          }
        }
      />
      {!done && (
        <Link
          href={LOGIN_PATH}
          className="justify-self-center text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          Back to sign in
        </Link>
      )}
    </AccountFrame>
  );
}
