import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';

/** A dialog form's Cancel and submit buttons, both held while it sends. */
export function DialogFormActions({
  pending,
  onCancel,
  submit,
  sending = 'Sending...',
}: {
  pending: boolean;
  onCancel: () => void;
  submit: string;
  sending?: string;
}) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" disabled={pending} onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={pending}>
        {pending ? sending : submit}
      </Button>
    </DialogFooter>
  );
}
