import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { INVALID_LINK_MESSAGE } from '@shared/contractor-auth';
import { formPages } from '@shared/forms';
import { Head } from '@/components/head';
import { postedText } from '@/lib/posted-form';
import { useRegion } from '@/lib/region';
import type { RouteInput } from '@/lib/route-input';
import { useProgressiveForm } from '@/components/form';
import { Button } from '@/components/ui/button';
import { FormNotice } from '@/components/ui/form-notice';
import { confirmEmail } from './account-api';
import { LOGIN_PATH, PORTAL_PATH } from './api';
import { AccountFrame } from './components/AccountFrame';

/**
 * /contractor/confirm-email?token= (docs/decisions/0108-contractor-password-reset.md): the link
 * sent to a new sign-in email. Opening it changes nothing (mail scanners open links); the button
 * does, with or without JavaScript (without, it lands on `?done=1`).
 */
export default function ConfirmEmailPage({ search }: RouteInput) {
  const region = useRegion();
  const [changedTo, setChangedTo] = useState<string | null>(null);
  const form = useProgressiveForm({
    posted: 'confirm-email',
    schema: () => import('@shared/schemas/contractor-account').then((m) => m.emailConfirmSchema),
    defaultValues: { token: search.get('token') ?? '' },
    fallback: 'Your email could not be changed. Please try again.',
    onValid: async ({ token }) => setChangedTo((await confirmEmail({ token })).email),
  });
  const token = search.get('token') ?? postedText(form.posted, 'token');
  const done = changedTo !== null || search.get('done') === '1';

  let body;
  if (done) {
    body = (
      <>
        <FormNotice variant="success" title="Email changed" description={changedTo ? `Your sign-in email is now ${changedTo}.` : 'Your sign-in email is changed.'} />
        <Button asChild>
          <Link href={PORTAL_PATH}>Go to the portal</Link>
        </Button>
      </>
    );
  } else if (!token) {
    body = <FormNotice variant="destructive" title="Link not valid" description={INVALID_LINK_MESSAGE} />;
  } else {
    body = (
      <form method="post" action={formPages.confirmEmail.path} {...form.props} className="grid gap-4" aria-label="Confirm your new email">
        {form.problem && <FormNotice variant="destructive" title="Error" description={form.problem} />}
        <input type="hidden" {...form.control('token', 'confirm-token')} />
        <Button type="submit" className="w-full" disabled={form.pending}>
          {form.pending ? 'Confirming...' : 'Confirm New Email'}
        </Button>
      </form>
    );
  }

  return (
    <>
      <Head
        title={`Confirm Your New Email | ${region.siteTitle}`}
        description="Confirm the new sign-in email of your contractor portal account."
        path={formPages.confirmEmail.path}
        robots="noindex, nofollow"
      />
      <AccountFrame icon={<MailCheck className="h-6 w-6 text-primary" aria-hidden="true" />} title="Confirm Your New Email" description="Your account signs in with this address once you confirm it.">
        {body}
        {!done && (
          <Link href={LOGIN_PATH} className="justify-self-center text-sm font-medium text-primary underline-offset-4 hover:underline">
            Back to sign in
          </Link>
        )}
      </AccountFrame>
    </>
  );
}
