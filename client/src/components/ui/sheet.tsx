import * as DialogPrimitive from '@radix-ui/react-dialog';
import { forwardRef, type ComponentPropsWithoutRef, type ElementRef } from 'react';
import { cn } from '@/lib/cn';
import { ModalPanel } from './modal-panel';

/** A side drawer built on the Radix dialog. */
export const Sheet = DialogPrimitive.Root;
export const SheetTrigger = DialogPrimitive.Trigger;
export const SheetClose = DialogPrimitive.Close;
export const SheetTitle = DialogPrimitive.Title;
export const SheetDescription = DialogPrimitive.Description;

export const SheetContent = forwardRef<
  ElementRef<typeof DialogPrimitive.Content>,
  ComponentPropsWithoutRef<typeof DialogPrimitive.Content> & { side?: 'left' | 'right' }
>(({ className, side = 'right', ...props }, ref) => (
  <ModalPanel
    ref={ref}
    className={cn(
      'fixed inset-y-0 z-50 flex h-full w-64 flex-col gap-4 bg-background p-6 shadow-lg',
      side === 'right' ? 'right-0 border-l' : 'left-0 border-r',
      className,
    )}
    {...props}
  />
));
SheetContent.displayName = 'SheetContent';
