import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';

const MAX_REASON = 500;

function RejectForm({ pending, onConfirm, onCancel }: { pending: boolean; onConfirm: (reason: string) => void; onCancel: () => void }) {
  const [reason, setReason] = useState('');
  const trimmed = reason.trim();
  return (
    <form
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (trimmed) onConfirm(trimmed);
      }}
    >
      <Field id="reject-reason" label="Reason for rejection" hint={`${reason.length}/${MAX_REASON} characters. Kept with the application.`}>
        <Textarea
          id="reject-reason"
          required
          aria-required="true"
          rows={4}
          maxLength={MAX_REASON}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          placeholder="e.g. The licence number could not be verified."
        />
      </Field>
      <DialogFooter>
        <Button variant="outline" disabled={pending} onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="destructive" disabled={!trimmed || pending}>
          {pending ? 'Rejecting...' : 'Reject Application'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** 'Reject Contractor Application': a reason is required (non-empty after trimming) before confirming. */
export function RejectDialog({
  contractor,
  pending,
  onConfirm,
  onOpenChange,
}: {
  contractor: { id: number; name: string } | null;
  pending: boolean;
  onConfirm: (reason: string) => void;
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
