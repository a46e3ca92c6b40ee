import { KeyRound, LogOut, Mail } from 'lucide-react';
import { useState } from 'react';
import type { PortalProfile } from '@shared/schemas/portal';
import { SubmitButton, useProgressiveForm } from '@/components/form';
import { PasswordChangeForm } from '@/components/password-change-form';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { FormNotice } from '@/components/ui/form-notice';
import { PasswordInput } from '@/components/ui/password-input';
import { EmailInput } from '@/components/ui/email-input';
import { toast } from '@/components/ui/use-toast';
import { useSignOut } from '@/lib/use-sign-out';
import { logoutEverywhere, useChangeEmail, useChangePassword } from '../account-api';
import { LOGIN_PATH } from '../api';
import { toastProblem } from '@/components/ui/toast-problem';
import { CardHeading, SectionHeader } from '../components/parts';

function ChangePasswordCard() {
  const change = useChangePassword();
  return (
    <Card>
      <CardHeading icon={<KeyRound className="h-5 w-5 text-primary" aria-hidden="true" />} title="Change password" />
      <PasswordChangeForm
        idPrefix="password"
        change={change.mutateAsync}
        onProblem={toastProblem('Password Not Changed')}
        className="px-5 pb-5"
      />
    </Card>
  );
}

function ChangeEmailCard({ email }: { email: string }) {
  const change = useChangeEmail();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useProgressiveForm({
    schema: () => import('@shared/schemas/contractor-account').then((m) => m.emailChangeSchema),
    fallback: 'Your email could not be changed. Please try again.',
    onProblem: toastProblem('Email Not Changed'),
    onValid: async (values) => {
      const answer = await change.mutateAsync(values);
      toast({ title: 'Check Your Inbox', description: answer.message });
      setSentTo(answer.email);
      form.reset();
    },
  });
  const { errors, control, pending } = form;
  return (
    <Card>
      <CardHeading icon={<Mail className="h-5 w-5 text-primary" aria-hidden="true" />} title="Change sign-in email" />
      <form {...form.props} className="grid gap-4 px-5 pb-5" aria-label="Change sign-in email">
        <p className="text-sm">
          You sign in with <span className="break-all font-medium">{email}</span>. Leads, receipts and reminders go
          there too.
        </p>
        {sentTo && (
          <FormNotice
            variant="success"
            title="Confirmation sent"
            description={`Open the link we sent to ${sentTo} within one hour. Until then your email stays as it is.`}
          />
        )}
        <Field id="email-new" label="New Email" error={errors.email}>
          <EmailInput {...control('email', 'email-new')} />
        </Field>
        <Field id="email-password" label="Current Password" error={errors.currentPassword}>
          <PasswordInput {...control('currentPassword', 'email-password')} />
        </Field>
        <p className="text-sm text-muted-foreground">
          We send a confirmation link to the new address and tell the current one once it is changed.
        </p>
        <SubmitButton className="justify-self-start" pending={pending} pendingLabel="Sending...">
          Send Confirmation Link
        </SubmitButton>
      </form>
    </Card>
  );
}

function SignOutEverywhereCard() {
  const { signOut, pending } = useSignOut({
    logout: logoutEverywhere,
    loginPath: LOGIN_PATH,
    area: 'the contractor portal on every device',
  });
  return (
    <Card>
      <CardHeading icon={<LogOut className="h-5 w-5 text-primary" aria-hidden="true" />} title="Sign out everywhere" />
      <div className="grid gap-4 px-5 pb-5">
        <p className="text-sm text-muted-foreground">
          Ends every session of your account, on this device too: a phone or computer you no longer have, or one someone
          else used.
        </p>
        <Button variant="outline" className="justify-self-start" disabled={pending} onClick={signOut} icon={LogOut}>
          {pending ? 'Signing out...' : 'Sign Out Everywhere'}
        </Button>
      </div>
    </Card>
  );
}

/** The account's password, sign-in email and sessions (docs/decisions/0108-contractor-password-reset.md). */
export function AccountSection({ profile }: { profile: PortalProfile }) {
  return (
    <div className="grid gap-6">
      <SectionHeader
        title="Sign-in & Security"
        description="Your password, the email you sign in with, and where you are signed in."
      />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <ChangePasswordCard />
        <div className="grid gap-6">
          <ChangeEmailCard email={profile.email} />
          <SignOutEverywhereCard />
        </div>
      </div>
    </div>
  );
}
