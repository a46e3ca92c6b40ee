import type { ReactNode } from 'react';
import { Button } from './button';
import { DialogFooter, TitledDialog } from './dialog';

/**
 * A question before an action: `keepLabel` closes it and changes nothing, `confirmLabel` acts
 * (saying `pendingLabel` while the action is sent, when neither button can be pressed).
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  keepLabel,
  confirmLabel,
  pendingLabel,
  pending,
  onConfirm,
  destructive = true,
  role,
  className,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: ReactNode;
  title: ReactNode;
  description: ReactNode;
  keepLabel: string;
  confirmLabel: ReactNode;
  pendingLabel: string;
  pending: boolean;
  onConfirm: () => void;
  destructive?: boolean;
  role?: 'alertdialog';
  className?: string;
}) {
  return (
    <TitledDialog
      open={open}
      onOpenChange={onOpenChange}
      pending={pending}
      trigger={trigger}
      title={title}
      description={description}
      role={role}
      className={className}
    >
      <DialogFooter>
        <Button variant="outline" disabled={pending} onClick={() => onOpenChange(false)}>
          {keepLabel}
        </Button>
        <Button variant={destructive ? 'destructive' : 'default'} disabled={pending} onClick={onConfirm}>
          {pending ? pendingLabel : confirmLabel}
        </Button>
      </DialogFooter>
    </TitledDialog>
  );
}
