import { BadgeCheck, Clock, Flag, XCircle } from 'lucide-react';
import { useState } from 'react';
import {
  CLAIM_DETAILS_MAX,
  CLAIM_REASON_LABELS,
  CLAIM_REASONS,
  CLAIM_WINDOW_DAYS,
  RECORD_CLAIM_REASON,
  type PortalClaim,
  type RefundDto,
} from '@shared/schemas/lead-claims';
import { formatPrice } from '@shared/money';
import type { PortalLead } from '@shared/schemas/portal';
import { useProgressiveForm } from '@/components/form';
import { Button } from '@/components/ui/button';
import { DialogFormActions } from '@/components/ui/dialog-form-actions';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { errorId, Field, FieldError } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { RadioRow } from '@/components/ui/radio-row';
import { cn } from '@/lib/cn';
import { formatLongDate } from '@/lib/format';
import { useClaimLead } from '../api';
import { toastProblem } from '@/components/ui/toast-problem';

/** What came back for an approved claim, in the contractor's words. */
function refundText(refund: RefundDto | null): string {
  if (!refund) return '';
  const amount = formatPrice(refund.amount);
  if (refund.method === 'credit') return '1 lead credit was returned as a bonus credit, which does not expire.';
  if (refund.method === 'offline')
    return `The ${amount} you paid outside the site will be returned to you the same way.`;
  if (refund.status === 'succeeded')
    return `${amount} was refunded to your card${refund.refundedAt ? ` on ${formatLongDate(refund.refundedAt)}` : ''}.`;
  if (refund.status === 'failed')
    return `The refund of ${amount} to your card did not go through; we will contact you.`;
  return `${amount} is being refunded to your card.`;
}

const STATE = {
  open: {
    title: 'Claim under review',
    icon: Clock,
    tone: 'border-warning-foreground/25 bg-warning text-warning-foreground',
  },
  approved: { title: 'Claim approved', icon: BadgeCheck, tone: 'border-success/30 bg-success/10' },
  denied: { title: 'Claim denied', icon: XCircle, tone: 'border-destructive/30 bg-destructive/10' },
} as const;

function ClaimState({ claim, refund }: { claim: PortalClaim; refund: RefundDto | null }) {
  const state = STATE[claim.status];
  const Icon = state.icon;
  return (
    <div role="status" className={cn('grid gap-1 rounded-md border p-4 text-sm', state.tone)} data-testid="lead-claim">
      <p className="flex items-center gap-2 font-semibold">
        <Icon className="h-4 w-4 shrink-0" aria-hidden="true" />
        {state.title}
      </p>
      <p>{`You reported this lead on ${formatLongDate(claim.createdAt)}: ${CLAIM_REASON_LABELS[claim.reason]}.`}</p>
      {claim.status === 'open' && <p>We will email you the decision.</p>}
      {claim.status === 'approved' && <p data-testid="lead-refund">{refundText(refund)}</p>}
      {claim.status === 'denied' && <p>Nothing is refunded for this lead.</p>}
      {claim.note && <p>{`Note from the administrator: ${claim.note}`}</p>}
    </div>
  );
}

function ClaimForm({ lead, onDone }: { lead: PortalLead; onDone: () => void }) {
  const claim = useClaimLead();
  // 'Other' makes the details required: the label says so as soon as it is picked.
  const [other, setOther] = useState(false);
  const form = useProgressiveForm({
    schema: () => import('@shared/schemas/lead-claims').then((m) => m.leadClaimSchema),
    fallback: 'Failed to send the claim',
    onProblem: toastProblem('Error'),
    onValid: async (values) => {
      await claim.mutateAsync({ deliveryId: lead.deliveryId, claim: values });
      toast({ title: 'Claim Sent', description: 'We will review your claim and email you the decision.' });
      onDone();
    },
  });
  const { errors, control, pending } = form;
  const reasonError = errors.reason;
  const detailsId = `claim-details-${lead.deliveryId}`;
  const reasonsId = `claim-reasons-${lead.deliveryId}`;

  return (
    <form {...form.props} className="grid gap-4">
      {/* A fieldset is not focusable, so the first field to fix is its first radio (docs/decisions/0097-one-progressive-form.md). */}
      <fieldset
        className="grid gap-2"
        aria-describedby={reasonError ? errorId(reasonsId) : undefined}
        aria-invalid={reasonError ? true : undefined}
      >
        <legend className="mb-1 text-sm font-medium">What was wrong with it?</legend>
        {CLAIM_REASONS.map((reason) => (
          <RadioRow
            key={reason}
            name="reason"
            value={reason}
            onChange={() => setOther(reason === 'other' || reason === RECORD_CLAIM_REASON)}
          >
            {CLAIM_REASON_LABELS[reason]}
          </RadioRow>
        ))}
        <FieldError id={reasonsId} error={reasonError} />
      </fieldset>
      <Field
        id={detailsId}
        label={other ? 'Details' : 'Details (optional)'}
        error={errors.details}
        hint={`What happened when you tried to reach the customer. Up to ${CLAIM_DETAILS_MAX} characters.`}
      >
        <Textarea
          rows={3}
          maxLength={CLAIM_DETAILS_MAX}
          aria-required={other || undefined}
          {...control('details', detailsId)}
        />
      </Field>
      <DialogFormActions pending={pending} onCancel={onDone} submit="Send claim" />
    </form>
  );
}

/**
 * The lead guarantee on a lead card (docs/decisions/0046-lead-guarantee.md): within 14 days of delivery a
 * paid or credited lead can be reported as bad; afterwards the card shows where the claim stands and what
 * came back.
 */
export function LeadClaim({ lead }: { lead: PortalLead }) {
  const [open, setOpen] = useState(false);
  if (lead.claim) return <ClaimState claim={lead.claim} refund={lead.refund} />;
  if (!lead.claimUntil) return null;
  return (
    <div className="flex flex-col gap-2 text-sm sm:flex-row sm:items-center sm:justify-between">
      <p className="text-muted-foreground">{`Wrong number or not a real request? You can report it until ${formatLongDate(lead.claimUntil)}.`}</p>
      <Dialog open={open} onOpenChange={setOpen}>
        <Button
          type="button"
          size="sm"
          variant="outline"
          className="shrink-0 self-start sm:self-center"
          onClick={() => setOpen(true)}
          icon={Flag}
        >
          Report a bad lead
        </Button>
        <DialogContent className="sm:max-w-[480px]">
          <DialogHeader>
            <DialogTitle>Report a bad lead</DialogTitle>
            <DialogDescription>
              {`${lead.serviceNeeded} in ${lead.location}. Bad leads can be reported within ${CLAIM_WINDOW_DAYS} days of delivery; if we approve it, you get back what you paid: the card payment or the plan credit.`}
            </DialogDescription>
          </DialogHeader>
          {open && <ClaimForm lead={lead} onDone={() => setOpen(false)} />}
        </DialogContent>
      </Dialog>
    </div>
  );
}
