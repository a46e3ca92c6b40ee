import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export const HEADING_ID = 'portal-heading';

/** The section's one h1; focusable so a section change can move focus to it. */
export function SectionHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-4">
      <div className="grid min-w-0 gap-1">
        <h1 id={HEADING_ID} tabIndex={-1} className="text-2xl font-bold tracking-tight outline-none sm:text-3xl">
          {title}
        </h1>
        {description && <p className="text-muted-foreground">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

/** A card's heading row: an h2 with an optional icon and something on the right. */
export function CardHeading({
  icon,
  title,
  aside,
  className,
}: {
  icon?: ReactNode;
  title: string;
  aside?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-wrap items-center justify-between gap-2 p-5 pb-3', className)}>
      <h2 className="flex items-center gap-2 text-lg font-semibold leading-tight">
        {icon}
        {title}
      </h2>
      {aside}
    </div>
  );
}

/** A bar for used-of-total; the numbers are said in text next to it. */
export function UsageBar({ used, total, low }: { used: number; total: number; low: boolean }) {
  const pct = total > 0 ? Math.min(100, Math.round((used / total) * 100)) : 100;
  return (
    <div className="h-2 w-full overflow-hidden rounded-full bg-muted" aria-hidden="true">
      <div className={cn('h-full rounded-full', low ? 'bg-accent' : 'bg-primary')} style={{ width: `${pct}%` }} />
    </div>
  );
}
