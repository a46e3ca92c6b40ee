import { HardHat, KeyRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { afterSignIn } from '@shared/sign-in-next';
import type { RouteInput } from '@/lib/route-input';
import { toast } from '@/components/ui/use-toast';
import { LOGIN_PATH, PORTAL_PATH, useProfile } from './api';
import { AccountFrame } from './components/AccountFrame';
import { SetupForm } from './components/SetupForm';
import { SignInForm } from './components/SignInForm';

type Mode = { kind: 'signin'; email: string; focus: boolean } | { kind: 'setup'; email: string; required: boolean };

export default function ContractorLoginPage({ search }: RouteInput) {
  const profile = useProfile();
  const [, navigate] = useLocation();
  const [mode, setMode] = useState<Mode>({ kind: 'signin', email: '', focus: false });
  // `?next=` when it is a path on this site (e.g. back to the plan chosen on /contractor-pricing), else the portal; the form
  // posted without JavaScript carries it, and the server reads it the same way.
  const next = search.get('next');
  const target = afterSignIn(next, PORTAL_PATH);

  // Already signed in: straight on.
  useEffect(() => {
    if (profile.data) navigate(target, { replace: true });
  }, [profile.data, navigate, target]);

  const setup = mode.kind === 'setup';
  return (
    <AccountFrame
      icon={setup ? KeyRound : HardHat}
      title={setup ? 'First-Time Setup' : 'Contractor Login'}
      description={
        setup
          ? 'Enter the setup code from your welcome email and choose a password.'
          : 'Sign in to see your leads, lead credits and plan.'
      }
      page={{
        path: LOGIN_PATH,
        summary: 'Sign in to the contractor portal to see your leads, lead credits and plan.',
      }}
      back={{
        href: '/',
        label: (
          <>
            <span className="hidden sm:inline">Back to directory</span>
            <span className="sm:hidden">Directory</span>
          </>
        ),
      }}
      after={
        <p className="mt-6 text-center text-sm">
          <Link href="/submit-business" className="font-medium text-primary underline-offset-4 hover:underline">
            New contractor? Submit your business
          </Link>
        </p>
      }
    >
      {setup && mode.required && (
        <p
          role="status"
          className="rounded-md border border-warning-foreground/20 bg-warning px-3 py-2 text-sm text-warning-foreground"
        >
          Your account needs a password before you can sign in. Use the setup code from your welcome email.
        </p>
      )}
      {setup ? (
        <SetupForm
          defaultEmail={mode.email}
          onComplete={(email) => setMode({ kind: 'signin', email, focus: true })}
          onCancel={() => setMode({ kind: 'signin', email: mode.email, focus: true })}
        />
      ) : (
        <SignInForm
          action={next === null ? LOGIN_PATH : `${LOGIN_PATH}?${new URLSearchParams({ next })}`}
          defaultEmail={mode.email}
          focusOnMount={mode.focus}
          onSignedIn={() => {
            toast({ title: 'Login Successful', description: 'Welcome to your contractor portal.' });
            navigate(target, { replace: true });
          }}
          onSetupRequired={(email) => setMode({ kind: 'setup', email, required: true })}
          onStartSetup={(email) => setMode({ kind: 'setup', email, required: false })}
        />
      )}
    </AccountFrame>
  );
}
