import { MessageSquare, PhoneCall } from 'lucide-react';
import { useState } from 'react';
import type { LeadReply as LeadReplyValues } from '@shared/schemas/lead-replies';
import type { PortalLead } from '@shared/schemas/portal';
import { useProgressiveForm } from '@/components/form';
import { Button } from '@/components/ui/button';
import { DialogFormActions } from '@/components/ui/dialog-form-actions';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { RadioRow } from '@/components/ui/radio-row';
import { messageOf } from '@/lib/api';
import { formatLongDate } from '@/lib/format';
import { useAnswerLead } from '../api';
import { toastProblem } from '@/components/ui/toast-problem';
import { TextField } from '@/components/form/text-field';

type EstimateKind = LeadReplyValues['estimate'];
// The schema's module (zod) loads with the form's first use, so the choices are written here.
const ESTIMATE_LABELS: Record<EstimateKind, string> = {
  none: 'No estimate yet',
  range: 'A dollar range',
  visit: 'After a visit',
};
const ESTIMATE_KINDS = Object.keys(ESTIMATE_LABELS) as EstimateKind[];

function ReplyForm({ lead, onDone }: { lead: PortalLead; onDone: () => void }) {
  const answer = useAnswerLead();
  const [estimate, setEstimate] = useState<EstimateKind>('none');
  const form = useProgressiveForm({
    schema: () => import('@shared/schemas/lead-replies').then((m) => m.leadReplySchema),
    fallback: 'Failed to send the reply',
    onProblem: toastProblem('Reply Not Sent'),
    onValid: async (values) => {
      await answer.mutateAsync({ deliveryId: lead.deliveryId, reply: values });
      toast({
        title: 'Reply Sent',
        description: 'The homeowner was emailed your reply; their answer comes to your email.',
      });
      onDone();
    },
  });
  const { errors, control, pending } = form;
  const id = (name: string) => `reply-${name}-${lead.deliveryId}`;
  return (
    <form {...form.props} className="grid gap-4">
      <Field id={id('message')} label="Message" error={errors.message} hint="Up to 2,000 characters.">
        <Textarea rows={5} maxLength={2000} aria-required {...control('message', id('message'))} />
      </Field>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Estimate (optional)</legend>
        {ESTIMATE_KINDS.map((kind) => (
          <RadioRow
            key={kind}
            name="estimate"
            value={kind}
            defaultChecked={kind === 'none'}
            onChange={() => setEstimate(kind)}
          >
            {ESTIMATE_LABELS[kind]}
          </RadioRow>
        ))}
      </fieldset>
      {estimate === 'range' && (
        <div className="grid grid-cols-2 gap-3">
          <TextField form={form} name="estimateLow" id={id('low')} label="From ($)" inputMode="numeric" />
          <TextField form={form} name="estimateHigh" id={id('high')} label="To ($)" inputMode="numeric" />
        </div>
      )}
      <TextField form={form} name="visitDate" id={id('visit')} label="Proposed visit date (optional)" type="date" />
      <DialogFormActions pending={pending} onCancel={onDone} submit="Send reply" />
    </form>
  );
}

/**
 * Answering the homeowner from a paid or credited lead's card (docs/decisions/0128-request-page-and-replies.md):
 * "Reply" writes to them by email, shown on their request's page too; "Called them" records a call.
 * What was sent is listed under the buttons.
 */
export function LeadReply({ lead }: { lead: PortalLead }) {
  const [open, setOpen] = useState(false);
  const answer = useAnswerLead();
  const closed = lead.withdrawnAt !== null || lead.erasedAt !== null;
  const called = () =>
    answer.mutate(
      { deliveryId: lead.deliveryId, reply: 'called' },
      {
        onSuccess: () => toast({ title: 'Call Recorded', description: 'Noted that you called the homeowner.' }),
        onError: (error) =>
          toast({
            title: 'Not Recorded',
            description: messageOf(error, 'The call could not be recorded'),
            variant: 'destructive',
          }),
      },
    );
  return (
    <div className="grid gap-2" data-testid="lead-replies">
      {lead.replies.length > 0 && (
        <ul className="grid gap-1 text-sm text-muted-foreground">
          {lead.replies.map((r) => (
            <li key={r.id}>
              {r.kind === 'called'
                ? `You called them on ${formatLongDate(r.createdAt)}.`
                : `You replied on ${formatLongDate(r.createdAt)}${r.estimate ? ` (estimate: ${r.estimate})` : ''}.`}
            </li>
          ))}
        </ul>
      )}
      {!closed && (
        <div role="group" aria-label="Answer the homeowner" className="flex flex-wrap gap-2">
          <Dialog open={open} onOpenChange={setOpen}>
            <Button type="button" size="sm" variant="accent" onClick={() => setOpen(true)} icon={MessageSquare}>
              Reply
            </Button>
            <DialogContent className="sm:max-w-[520px]">
              <DialogHeader>
                <DialogTitle>Reply to the homeowner</DialogTitle>
                <DialogDescription>
                  {`${lead.serviceNeeded} in ${lead.location}. We email your reply to the homeowner from the site, with your email address to answer to, and show it on their request's page.`}
                </DialogDescription>
              </DialogHeader>
              {open && <ReplyForm lead={lead} onDone={() => setOpen(false)} />}
            </DialogContent>
          </Dialog>
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={answer.isPending}
            onClick={called}
            icon={PhoneCall}
          >
            Called them
          </Button>
        </div>
      )}
    </div>
  );
}
