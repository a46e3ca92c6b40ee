import type { InputHTMLAttributes, ReactNode } from 'react';
import { cn } from '@/lib/cn';

const SIZES = {
  default: 'min-h-10 gap-3 px-3 text-sm',
  // The homeowner's review form: a larger target, in the form's own type size.
  lg: 'min-h-11 gap-2 border-input px-4',
} as const;

/**
 * One choice of a radio group drawn as a bordered row. It is highlighted by its checked radio
 * (CSS `:has`), so it shows without JavaScript too.
 */
export function RadioRow({
  size = 'default',
  className,
  children,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className' | 'size'> & {
  size?: keyof typeof SIZES;
  className?: string;
  children: ReactNode;
}) {
  return (
    <label
      className={cn(
        'flex cursor-pointer items-center rounded-md border py-2 has-[:checked]:border-primary has-[:checked]:bg-secondary',
        SIZES[size],
        className,
      )}
    >
      <input type="radio" className="h-4 w-4 shrink-0 accent-primary" {...input} />
      {children}
    </label>
  );
}
