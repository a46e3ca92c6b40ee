import { RECORD_CLAIM_REASON } from '@shared/schemas/lead-claims';
import { useState } from 'react';
import { formatPrice } from '@shared/money';
import { CLAIM_NOTE_MAX, type AdminLeadClaim } from '@shared/schemas/lead-claims';
import { useProgressiveForm } from '@/components/form';
import { Button } from '@/components/ui/button';
import { DialogFooter, TitledDialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { toastProblem } from '@/components/ui/toast-problem';

export type ClaimDecision = 'approve' | 'deny';

/** What approving gives back, said before the administrator confirms. */
export function approvalEffect(claim: AdminLeadClaim): string {
  // Contesting the reply record is about the record, never money (docs/decisions/0128-request-page-and-replies.md).
  if (claim.reason === RECORD_CLAIM_REASON)
    return `Nothing is refunded: the homeowner's "They never contacted me" stops counting in ${claim.contractor.name}'s reply record.`;
  const d = claim.delivery;
  if (d.paymentState === 'credited')
    return `The plan credit ${claim.contractor.name} used comes back as a bonus credit that does not expire.`;
  if (d.paidByCard)
    return `${formatPrice(d.price)} is refunded to ${claim.contractor.name}'s card through the payment provider.`;
  return `${claim.contractor.name} paid ${formatPrice(d.price)} outside the site: return it the same way.`;
}

function DecisionForm({
  claim,
  decision,
  pending,
  onConfirm,
  onCancel,
}: {
  claim: AdminLeadClaim;
  decision: ClaimDecision;
  pending: boolean;
  onConfirm: (note: string) => Promise<unknown>;
  onCancel: () => void;
}) {
  // What is typed so far, for the counter and the deny button; the form reads the field itself when sent.
  const [note, setNote] = useState('');
  const needsNote = decision === 'deny';
  const form = useProgressiveForm({
    schema: () =>
      import('@shared/schemas/lead-claims').then((m) => (needsNote ? m.denyClaimSchema : m.approveClaimSchema)),
    fallback: 'Failed to save the decision',
    onProblem: toastProblem('Error'),
    onValid: (values) => onConfirm(values.note),
  });
  const busy = pending || form.pending;
  const id = `claim-note-${claim.id}`;
  return (
    <form {...form.props} className="grid gap-4">
      <Field
        id={id}
        label={needsNote ? 'Why is it denied?' : 'Note (optional)'}
        hint={`${note.length}/${CLAIM_NOTE_MAX} characters. Sent to the contractor with the decision.`}
        error={form.errors.note}
      >
        <Textarea
          rows={4}
          maxLength={CLAIM_NOTE_MAX}
          required={needsNote}
          aria-required={needsNote || undefined}
          placeholder={
            needsNote
              ? 'e.g. The homeowner confirmed you spoke on the phone.'
              : 'e.g. The number was disconnected when we called.'
          }
          {...form.control('note', id)}
          onChange={(e) => setNote(e.target.value)}
        />
      </Field>
      <DialogFooter>
        <Button type="button" variant="outline" disabled={busy} onClick={onCancel}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant={needsNote ? 'destructive' : 'default'}
          disabled={busy || (needsNote && !note.trim())}
        >
          {busy ? 'Saving...' : needsNote ? 'Deny Claim' : 'Approve Claim'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/**
 * Approve or deny a claim, with a note the contractor is emailed (required to deny). `onConfirm`
 * sends it (the parent's mutation); its failure is told here.
 */
export function ClaimDecisionDialog({
  target,
  pending,
  onConfirm,
  onOpenChange,
}: {
  target: { claim: AdminLeadClaim; decision: ClaimDecision } | null;
  pending: boolean;
  onConfirm: (note: string) => Promise<unknown>;
  onOpenChange: (open: boolean) => void;
}) {
  const claim = target?.claim;
  return (
    <TitledDialog
      open={target !== null}
      pending={pending}
      onOpenChange={onOpenChange}
      className="sm:max-w-[480px]"
      title={target?.decision === 'deny' ? 'Deny Claim' : 'Approve Claim'}
      description={
        claim
          ? target.decision === 'approve'
            ? approvalEffect(claim)
            : `Nothing is refunded; ${claim.contractor.name} is emailed your reason.`
          : ''
      }
    >
      {target && (
        <DecisionForm
          key={`${target.claim.id}-${target.decision}`}
          claim={target.claim}
          decision={target.decision}
          pending={pending}
          onConfirm={onConfirm}
          onCancel={() => onOpenChange(false)}
        />
      )}
    </TitledDialog>
  );
}
