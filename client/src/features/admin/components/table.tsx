import type { HTMLAttributes, ReactNode, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

/**
 * Admin tables. On a wide screen, a labelled, keyboard-scrollable region (`relative` keeps
 * visually hidden labels inside it, so they cannot widen the page). Below `lg` each row is a
 * card and each cell shows its column's name (`Td label`) beside its value, so status,
 * visibility and the actions are on screen instead of in a sideways-scrolling box. The header
 * row stays in the table for screen readers.
 */
export function TableRegion({
  label,
  children,
  className,
}: {
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={cn(
        'relative overflow-x-auto rounded-lg border bg-card focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring max-lg:overflow-visible max-lg:border-0 max-lg:bg-transparent',
        className,
      )}
    >
      <table className="w-full border-collapse text-sm max-lg:block [&>tbody]:max-lg:grid [&>tbody]:max-lg:gap-3 [&>thead]:max-lg:sr-only">
        {children}
      </table>
    </div>
  );
}

export function Th({ className, ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th
      scope="col"
      className={cn(
        'h-10 whitespace-nowrap border-b bg-muted/60 px-3 text-left text-xs font-semibold uppercase tracking-wide text-muted-foreground',
        className,
      )}
      {...props}
    />
  );
}

/** The column name beside a card's value; `/ ''` keeps it from screen readers, which have the header row. */
const CARD_LABEL = "max-lg:before:content-[attr(data-label)_/_'']";

/** A cell; `label` (its column's name) is shown beside the value when the row is a card, and left out for the card's title. */
export function Td({ className, label, ...props }: TdHTMLAttributes<HTMLTableCellElement> & { label?: string }) {
  return (
    <td
      data-label={label}
      className={cn(
        'px-3 py-3 align-top max-lg:min-w-0 max-lg:max-w-none max-lg:p-0 max-lg:text-left',
        label &&
          'max-lg:grid max-lg:grid-cols-[6.5rem_minmax(0,1fr)] max-lg:items-start max-lg:justify-items-start max-lg:gap-x-3 max-lg:gap-y-1 max-lg:[&>*]:col-start-2 max-lg:before:pt-0.5 max-lg:before:text-xs max-lg:before:font-semibold max-lg:before:uppercase max-lg:before:tracking-wide max-lg:before:text-muted-foreground',
        label ? CARD_LABEL : 'max-lg:block',
        className,
      )}
      {...props}
    />
  );
}

export function Tr({ className, ...props }: HTMLAttributes<HTMLTableRowElement>) {
  return (
    <tr
      className={cn(
        'border-b last:border-b-0 hover:bg-muted/30 max-lg:grid max-lg:gap-3 max-lg:rounded-lg max-lg:border max-lg:bg-card max-lg:p-4 max-lg:last:border-b',
        className,
      )}
      {...props}
    />
  );
}

/** A full-width row for loading, empty and error states. */
export function MessageRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr className="max-lg:block max-lg:rounded-lg max-lg:border max-lg:bg-card">
      <td colSpan={colSpan} className="px-3 py-10 text-center text-sm text-muted-foreground max-lg:block">
        {children}
      </td>
    </tr>
  );
}
