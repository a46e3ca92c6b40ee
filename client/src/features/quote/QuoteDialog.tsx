import { useRef } from 'react';
import { Choice } from '@/components/form/radix-choice';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { QuoteForm } from './QuoteForm';
import type { QuoteTarget } from './quote-target';

interface QuoteDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  contractor: QuoteTarget;
  /** The dialog has no Radix trigger (it mounts lazily), so the opener says where focus goes back. */
  returnFocus: () => void;
}

/** The quote form in a dialog over the page it was asked from; outcomes are toasts, as the spec words them. */
export default function QuoteDialog({ open, onOpenChange, contractor, returnFocus }: QuoteDialogProps) {
  // A request being sent keeps the dialog open (Escape and the overlay wait for its answer).
  const sending = useRef(false);
  return (
    <Dialog open={open} onOpenChange={(next) => !sending.current && onOpenChange(next)}>
      <DialogContent
        className="sm:max-w-[500px]"
        onCloseAutoFocus={(e) => {
          e.preventDefault();
          returnFocus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Request a Free Quote</DialogTitle>
          <DialogDescription>{`Tell ${contractor.name} about your project. It's free and there's no obligation.`}</DialogDescription>
        </DialogHeader>
        <QuoteForm
          contractor={contractor}
          detailsRows={4}
          Choice={Choice}
          onSent={() => {
            toast({
              title: 'Quote Request Sent!',
              description: `Your request has been sent to ${contractor.name}. They will contact you soon.`,
            });
            onOpenChange(false);
          }}
          onProblem={(message) => toast({ title: 'Error', description: message, variant: 'destructive' })}
          actions={({ pending }) => {
            sending.current = pending;
            return (
              // The dialog scrolls on a small screen; its actions stay in view at its foot.
              <DialogFooter className="sticky -bottom-6 z-10 -mx-6 -mb-6 flex-row border-t bg-background px-6 py-4">
                <Button
                  variant="outline"
                  className="flex-1 sm:flex-none"
                  disabled={pending}
                  onClick={() => onOpenChange(false)}
                >
                  Cancel
                </Button>
                <Button type="submit" className="flex-1 sm:flex-none" disabled={pending}>
                  {pending ? 'Sending...' : 'Send Quote Request'}
                </Button>
              </DialogFooter>
            );
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
