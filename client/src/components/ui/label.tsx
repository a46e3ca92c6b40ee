import { forwardRef, type LabelHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

// A plain <label>: Radix's only adds text-selection behaviour, not worth its bytes on public pages.
export const Label = forwardRef<HTMLLabelElement, LabelHTMLAttributes<HTMLLabelElement>>(
  ({ className, ...props }, ref) => (
    <label ref={ref} className={cn('text-sm font-medium leading-none', className)} {...props} />
  ),
);
Label.displayName = 'Label';
