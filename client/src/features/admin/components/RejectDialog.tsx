import { useState } from 'react';
import { REJECTION_REASON_MAX } from '@shared/schemas/admin';
import { useProgressiveForm, type FormValuesRaw } from '@/components/form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { APPROVAL_FAILED } from '../labels';

/** The reason as approvalSchema's input: a rejection. */
const rejectionOf = (values: FormValuesRaw) => ({ status: 'rejected', rejectionReason: values.rejectionReason });

function RejectForm({ pending, onConfirm, onCancel }: { pending: boolean; onConfirm: (reason: string) => Promise<unknown>; onCancel: () => void }) {
  // What is typed so far, for the counter and the confirm button; the form reads the field itself when sent.
  const [reason, setReason] = useState('');
  const form = useProgressiveForm({
    schema: () => import('@shared/schemas/admin').then((m) => m.approvalSchema),
    toInput: rejectionOf,
    fallback: APPROVAL_FAILED,
    onProblem: (message) => toast({ title: 'Error', description: message, variant: 'destructive' }),
    onValid: (values) => onConfirm(values.rejectionReason ?? ''),
  });
  const busy = pending || form.pending;
  return (
    <form {...form.props} className="grid gap-4">
      <Field id="reject-reason" label="Reason for rejection" hint={`${reason.length}/${REJECTION_REASON_MAX} characters. Kept with the application.`} error={form.errors.rejectionReason}>
        <Textarea
          required
          aria-required="true"
          rows={4}
          maxLength={REJECTION_REASON_MAX}
          placeholder="e.g. The licence number could not be verified."
          {...form.control('rejectionReason', 'reject-reason')}
          onChange={(e) => setReason(e.target.value)}
        />
      </Field>
      <DialogFooter>
        <Button variant="outline" disabled={busy} onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="destructive" disabled={!reason.trim() || busy}>
          {busy ? 'Rejecting...' : 'Reject Application'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/**
 * 'Reject Contractor Application': a reason is required (non-empty after trimming) before
 * confirming. `onConfirm` sends it (the parent's mutation); its failure is told here.
 */
export function RejectDialog({
  contractor,
  pending,
  onConfirm,
  onOpenChange,
}: {
  contractor: { id: number; name: string } | null;
  pending: boolean;
  onConfirm: (reason: string) => Promise<unknown>;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={contractor !== null} onOpenChange={(open) => !pending && onOpenChange(open)}>
      <DialogContent className="sm:max-w-[480px]">
        <DialogHeader>
          <DialogTitle>Reject Contractor Application</DialogTitle>
          <DialogDescription>{contractor ? `${contractor.name} will not be listed. The reason is shown with the application and can be reconsidered later.` : ''}</DialogDescription>
        </DialogHeader>
        {contractor && <RejectForm key={contractor.id} pending={pending} onConfirm={onConfirm} onCancel={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}
