import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import type { TwoFactorEnrolment, TwoFactorStatus } from '@shared/schemas/admin-two-factor';
import { Form, SubmitButton, useProgressiveForm } from '@/components/form';
import { QueryView } from '@/components/query-view';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { FormNotice } from '@/components/ui/form-notice';
import { toast } from '@/components/ui/use-toast';
import { OwnPasswordForm } from './components/OwnPasswordForm';
import { PageHeader } from './components/PageHeader';
import {
  useBeginEnrolment,
  useConfirmEnrolment,
  useNewRecoveryCodes,
  useTurnOffTwoFactor,
  useTwoFactorStatus,
} from './two-factor-api';
import { TextField } from '@/components/form/text-field';

/**
 * An administrator's own two-factor sign-in (docs/decisions/0109-admin-two-factor.md): set up by
 * scanning a QR code (or typing the secret) and confirming with a code, then the recovery codes
 * shown this once; later, new recovery codes or, where it is not required, turning it off.
 */

/** A form taking one code from the app. */
function CodeForm({
  id,
  label,
  submit,
  onCode,
}: {
  id: string;
  label: string;
  /** The button's words, and what it says while the code is checked (as SingleUseLinkForm's). */
  submit: { label: string; pending: string };
  onCode: (code: string) => Promise<void>;
}) {
  const form = useProgressiveForm({
    schema: () => import('@shared/schemas/admin-two-factor').then((m) => m.appCodeSchema),
    fallback: 'That did not work. Please try again.',
    onValid: async ({ code }, el) => {
      try {
        await onCode(code);
      } finally {
        // A code is good once: the next try starts empty.
        const input = el.elements.namedItem('code');
        if (input instanceof HTMLInputElement) input.value = '';
      }
    },
  });
  return (
    <Form form={form} label={label} className="grid max-w-sm gap-3">
      <TextField
        form={form}
        name="code"
        id={id}
        label="6-digit code from your authenticator app"
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={7}
      />
      <div>
        <SubmitButton pending={form.pending} pendingLabel={submit.pending}>
          {submit.label}
        </SubmitButton>
      </div>
    </Form>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <Card>
      <CardContent className="grid gap-4 p-5">
        <h2 className="text-lg font-semibold">Your recovery codes</h2>
        <p className="text-sm text-muted-foreground">
          Keep them somewhere safe, apart from your phone. Each one signs you in once in place of a code from the app.
          They are shown only now.
        </p>
        <ul aria-label="Recovery codes" className="grid gap-1 font-mono text-sm sm:grid-cols-2">
          {codes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <div>
          <Button onClick={onDone}>I have saved my recovery codes</Button>
        </div>
      </CardContent>
    </Card>
  );
}

function Enrolment({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const begin = useBeginEnrolment();
  const confirm = useConfirmEnrolment();
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    if (!enrolment) return;
    let live = true;
    // Made in the browser: the secret goes to no other service, and the library loads only here.
    void import('qrcode')
      .then((m) => m.toDataURL(enrolment.uri, { margin: 1, width: 200 }))
      .then((url) => live && setQr(url));
    return () => {
      live = false;
    };
  }, [enrolment]);

  if (!enrolment) {
    return (
      <Card>
        <CardContent className="grid gap-3 p-5">
          <p className="text-sm">
            Sign in with your password and a code from an authenticator app on your phone (Google Authenticator,
            Microsoft Authenticator, 1Password and others).
          </p>
          <div>
            <Button
              disabled={begin.isPending}
              onClick={() =>
                begin.mutate(
                  {},
                  {
                    onSuccess: setEnrolment,
                    onError: (e) =>
                      toast({
                        title: 'Could not start',
                        description: e instanceof Error ? e.message : 'Please try again.',
                        variant: 'destructive',
                      }),
                  },
                )
              }
            >
              {begin.isPending ? 'Starting...' : 'Set Up Two-Factor Sign-In'}
            </Button>
          </div>
        </CardContent>
      </Card>
    );
  }
  return (
    <Card>
      <CardContent className="grid gap-4 p-5">
        <p className="text-sm">1. Scan this QR code with your authenticator app.</p>
        {qr ? (
          <img src={qr} alt="QR code for your authenticator app" width={200} height={200} className="rounded border" />
        ) : (
          <div className="h-[200px] w-[200px] animate-pulse rounded bg-muted" />
        )}
        <p className="text-sm">
          Or type this key into the app:{' '}
          <code data-testid="two-factor-secret" className="break-all rounded bg-muted px-1 font-mono">
            {enrolment.secret}
          </code>
        </p>
        <p className="text-sm">2. Enter the code the app shows to confirm.</p>
        <CodeForm
          id="two-factor-confirm"
          label="Confirm two-factor sign-in"
          submit={{ label: 'Confirm', pending: 'Confirming...' }}
          onCode={async (code) => {
            const { recoveryCodes } = await confirm.mutateAsync({ code });
            toast({ title: 'Two-factor sign-in is on' });
            onCodes(recoveryCodes);
          }}
        />
      </CardContent>
    </Card>
  );
}

/** Two-factor sign-in is on: new recovery codes, and turning it off where it is not required. */
function TwoFactorOn({ s, onCodes }: { s: TwoFactorStatus; onCodes: (codes: string[]) => void }) {
  const newCodes = useNewRecoveryCodes();
  const turnOff = useTurnOffTwoFactor();
  return (
    <div className="grid gap-6">
      <FormNotice
        variant="success"
        title="Two-factor sign-in is on"
        description={`${s.recoveryCodesLeft} unused recovery ${s.recoveryCodesLeft === 1 ? 'code' : 'codes'} left.`}
      />
      <section className="grid gap-2">
        <h2 className="text-lg font-semibold">New recovery codes</h2>
        <p className="text-sm text-muted-foreground">The codes you have now stop working.</p>
        <CodeForm
          id="two-factor-new-codes"
          label="New recovery codes"
          submit={{ label: 'Make New Recovery Codes', pending: 'Making...' }}
          onCode={async (code) => onCodes((await newCodes.mutateAsync({ code })).recoveryCodes)}
        />
      </section>
      {!s.required && (
        <section className="grid gap-2">
          <h2 className="text-lg font-semibold">Turn off</h2>
          <CodeForm
            id="two-factor-off"
            label="Turn off two-factor sign-in"
            submit={{ label: 'Turn Off Two-Factor Sign-In', pending: 'Turning off...' }}
            onCode={async (code) => {
              await turnOff.mutateAsync({ code });
              toast({ title: 'Two-factor sign-in is off' });
            }}
          />
        </section>
      )}
    </div>
  );
}

/** Not set up yet: the enrolment, said to be required where it is. */
function TwoFactorOff({ required, onCodes }: { required: boolean; onCodes: (codes: string[]) => void }) {
  return (
    <>
      {required && (
        <FormNotice
          title="Required"
          description="Every administrator here signs in with an authenticator app. Set it up to continue."
          className="mb-4"
        />
      )}
      <Enrolment onCodes={onCodes} />
    </>
  );
}

export default function TwoFactorPage() {
  const status = useTwoFactorStatus();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [, navigate] = useLocation();
  const s = status.data;
  return (
    <>
      <PageHeader
        title="Two-factor sign-in"
        description="A code from an authenticator app after your password: a stolen password alone does not open the admin area."
        path="/admin/two-factor"
      />
      {codes ? (
        <RecoveryCodes
          codes={codes}
          onDone={() => {
            setCodes(null);
            navigate('/admin', { replace: true });
          }}
        />
      ) : (
        <QueryView query={status} what="your two-factor sign-in">
          {(s) =>
            s.enabled ? (
              <TwoFactorOn s={s} onCodes={setCodes} />
            ) : (
              <TwoFactorOff required={s.required} onCodes={setCodes} />
            )
          }
        </QueryView>
      )}
      {s && !codes && (s.enabled || !s.required) && <OwnPasswordForm />}
    </>
  );
}
