import { useState, type ChangeEvent } from 'react';
import type { ClaimVerified } from '@shared/schemas/listing-claims';
import { useProgressiveForm } from '@/components/form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormNotice } from '@/components/ui/form-notice';
import { Input } from '@/components/ui/input';
import { EmailInput } from '@/components/ui/email-input';
import { ApiError, messageOf } from '@/lib/api';
import { sendClaimCode, verifyClaim } from './api';
import type { CodeSent } from './ChooseChannel';

const EMAIL_NEEDED = 'Enter the email address for your portal account';
// CLAIM_CODE_LENGTH of the shared schema, which is loaded with the form's checker (not with the page: it brings zod).
const CLAIM_CODE_LENGTH = 6;

// Digits only: what is typed or pasted ('123 456') is kept as the code's digits.
function onCodeChange(e: ChangeEvent<HTMLInputElement>) {
  const el = e.target;
  const next = el.value.replace(/\D/g, '').slice(0, CLAIM_CODE_LENGTH);
  if (next !== el.value) el.value = next;
}

/**
 * The server's refusal of a code says the same in its message and on the code field: said once,
 * in the alert above the form (a wrong, expired or closed code is about the claim, not the typing).
 */
function once(error: unknown): unknown {
  if (!(error instanceof ApiError) || error.fieldErrors.code !== error.serverMessage) return error;
  const rest = Object.fromEntries(Object.entries(error.fieldErrors).filter(([k]) => k !== 'code'));
  return new ApiError(error.status, error.message, error.serverMessage, rest);
}

/**
 * Step 2: the code back, and for a code sent by text the email address the portal account gets
 * (an email claim's account is the listing's own address). 'Send a new code' asks for another.
 */
export function EnterCode({
  id,
  sent,
  onVerified,
  onChooseAnother,
}: {
  id: string;
  sent: CodeSent;
  onVerified: (verified: ClaimVerified) => void;
  /** Back to choosing where the code goes; none when the listing has one channel. */
  onChooseAnother?: () => void;
}) {
  const byText = sent.channel === 'phone';
  const [notice, setNotice] = useState<{ ok: boolean; text: string }>({ ok: true, text: sent.message });
  const [resending, setResending] = useState(false);
  const form = useProgressiveForm({
    schema: () =>
      import('@shared/schemas/listing-claims').then((m) =>
        m.claimVerifySchema.refine((v) => !byText || v.email !== undefined, { path: ['email'], message: EMAIL_NEEDED }),
      ),
    fallback: 'The code could not be checked. Please try again.',
    onValid: async (values) => {
      setNotice((n) => (n.ok ? n : { ok: true, text: '' }));
      try {
        onVerified(await verifyClaim(id, { code: values.code, email: byText ? values.email : undefined }));
      } catch (error) {
        throw once(error);
      }
    },
  });
  const { errors, control, pending } = form;

  const resend = async () => {
    setResending(true);
    try {
      const again = await sendClaimCode(id, sent.channel);
      setNotice({ ok: true, text: `${again.message} The code sent before no longer works.` });
    } catch (error) {
      setNotice({ ok: false, text: messageOf(error, 'A new code could not be sent. Please try again.') });
    } finally {
      setResending(false);
    }
  };

  return (
    <div className="grid gap-4">
      {notice.text &&
        (notice.ok ? (
          <FormNotice variant="success" title="Code sent" description={notice.text} />
        ) : (
          <FormNotice variant="destructive" title="No new code sent" description={notice.text} />
        ))}
      <form {...form.props} className="grid gap-4" aria-label="Enter the code">
        {form.problem && <FormNotice variant="destructive" title="Not verified" description={form.problem} />}
        <Field
          id="claim-code"
          label="Code"
          error={errors.code}
          hint={`The ${CLAIM_CODE_LENGTH}-digit code we sent to ${sent.masked}.`}
        >
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={CLAIM_CODE_LENGTH}
            className="font-mono tracking-widest"
            onChange={onCodeChange}
            {...control('code', 'claim-code')}
            autoFocus
          />
        </Field>
        {byText && (
          <Field
            id="claim-email"
            label="Email for your portal account"
            error={errors.email}
            hint="You sign in with it, and requests for your business are sent to it."
          >
            <EmailInput {...control('email', 'claim-email')} />
          </Field>
        )}
        <Button type="submit" disabled={pending}>
          {pending ? 'Checking...' : 'Verify the code'}
        </Button>
      </form>
      <div className="flex flex-wrap items-center justify-center gap-x-6 gap-y-2">
        <Button
          type="button"
          variant="link"
          className="h-auto p-0"
          disabled={resending || pending}
          onClick={() => void resend()}
        >
          {resending ? 'Sending a new code...' : 'Send a new code'}
        </Button>
        {onChooseAnother && (
          <Button type="button" variant="link" className="h-auto p-0" disabled={pending} onClick={onChooseAnother}>
            Send it another way
          </Button>
        )}
      </div>
    </div>
  );
}
