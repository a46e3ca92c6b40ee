import { PauseCircle } from 'lucide-react';
import { pausedLabel } from '@shared/paused-label';
import { cn } from '@/lib/cn';

/** "Not taking new requests until March 2" on a paused contractor's card and profile (docs/decisions/0117-lead-routing.md). */
export function PausedNote({ pausedUntil, className }: { pausedUntil: string; className?: string }) {
  return (
    <p className={cn('flex items-center gap-1.5 text-sm font-medium text-amber-800', className)} data-testid="paused-note">
      <PauseCircle className="h-4 w-4 shrink-0" aria-hidden="true" />
      {pausedLabel(pausedUntil)}
    </p>
  );
}
