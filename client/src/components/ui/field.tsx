import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Label } from './label';

/** A labelled form control with its error underneath; pass `errorId(id)` as the control's aria-describedby. */
export function Field({ id, label, error, hint, className, children }: { id: string; label: ReactNode; error?: string; hint?: ReactNode; className?: string; children: ReactNode }) {
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && !error && <p className="text-xs text-muted-foreground">{hint}</p>}
      {error && (
        <p id={errorId(id)} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

export const errorId = (id: string) => `${id}-error`;

/** aria attributes for a control whose Field may show an error. */
export function describedBy(id: string, error?: string) {
  return error ? { 'aria-invalid': true as const, 'aria-describedby': errorId(id) } : {};
}
