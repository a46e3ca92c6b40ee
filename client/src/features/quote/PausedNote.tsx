import { pausedLabel } from '@shared/paused-label';
import { cn } from '@/lib/cn';

/**
 * "Not taking new requests until March 2" on a paused contractor's card and profile
 * (docs/decisions/0117-lead-routing.md). Text alone: every public page carries it, within the
 * JavaScript budget (docs/decisions/0064-bundle-cutting.md).
 */
export function PausedNote({ pausedUntil, className }: { pausedUntil: string; className?: string }) {
  return <p className={cn('text-sm font-medium text-amber-800', className)}>{pausedLabel(pausedUntil)}</p>;
}
