import type { ClaimCodeChannel, ClaimTarget } from '@shared/schemas/listing-claims';
import { useProgressiveForm } from '@/components/form';
import { Button } from '@/components/ui/button';
import { errorId, FieldError } from '@/components/ui/field';
import { FormNotice } from '@/components/ui/form-notice';
import { RadioRow } from '@/components/ui/radio-row';
import { sendClaimCode } from './api';

export const CHANNEL_CHOICES: Record<ClaimCodeChannel, (masked: string) => string> = {
  phone: (masked) => `Text a code to ${masked}`,
  email: (masked) => `Email a code to ${masked}`,
};

export interface CodeSent {
  channel: ClaimCodeChannel;
  masked: string;
  message: string;
}

/** Step 1: where the code goes, among the listing's own channels, shown masked. */
export function ChooseChannel({
  id,
  target,
  chosen,
  onSent,
}: {
  id: string;
  target: ClaimTarget;
  /** The channel chosen before, when coming back to choose another. */
  chosen?: ClaimCodeChannel;
  onSent: (sent: CodeSent) => void;
}) {
  const form = useProgressiveForm({
    schema: () => import('@shared/schemas/listing-claims').then((m) => m.claimCodeRequestSchema),
    fallback: 'The code could not be sent. Please try again.',
    onValid: async ({ channel }) => {
      const sent = await sendClaimCode(id, channel);
      onSent({ channel, masked: sent.masked, message: sent.message });
    },
  });
  const { errors, pending } = form;
  const groupId = 'claim-channel';
  const initial = chosen ?? target.channels[0]?.channel;
  return (
    <form {...form.props} className="grid gap-4" aria-label="Send a code">
      <p className="text-sm text-muted-foreground">
        To show the business is yours, we send a 6-digit code to the phone or email address this listing already has.
      </p>
      <fieldset
        className="grid gap-2"
        aria-describedby={errors.channel ? errorId(groupId) : undefined}
        aria-invalid={errors.channel ? true : undefined}
      >
        <legend className="mb-1 text-sm font-medium">Where should we send the code?</legend>
        {target.channels.map(({ channel, masked }) => (
          <RadioRow
            key={channel}
            className="min-h-11"
            name="channel"
            value={channel}
            defaultChecked={channel === initial}
          >
            <span className="min-w-0 break-words">{CHANNEL_CHOICES[channel](masked)}</span>
          </RadioRow>
        ))}
        <FieldError id={groupId} error={errors.channel} />
      </fieldset>
      {form.problem && <FormNotice variant="destructive" title="No code sent" description={form.problem} />}
      <Button type="submit" disabled={pending}>
        {pending ? 'Sending...' : 'Send the code'}
      </Button>
    </form>
  );
}
