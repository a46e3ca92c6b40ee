import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Label } from './label';

/** A labelled form control with its error underneath; pass `errorId(id)` as the control's aria-describedby. */
export function Field({
  id,
  label,
  error,
  hint,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && !error && <p className="text-xs text-muted-foreground">{hint}</p>}
      <FieldError id={id} error={error} />
    </div>
  );
}

/** A control's or a group's error, announced, with the id its aria-describedby names; nothing without one. */
export function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={errorId(id)} role="alert" className="text-sm font-medium text-destructive">
      {error}
    </p>
  );
}

export const errorId = (id: string) => `${id}-error`;

/** aria attributes for a control whose Field may show an error. */
export function describedBy(id: string, error?: string) {
  return error ? { 'aria-invalid': true as const, 'aria-describedby': errorId(id) } : {};
}
