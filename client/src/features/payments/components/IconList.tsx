import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** A short list of what a purchase brings, each line after its icon. */
export function IconList({
  items,
  className,
  itemClassName,
}: {
  items: readonly { icon: LucideIcon; text: ReactNode }[];
  className: string;
  itemClassName: string;
}) {
  return (
    <ul className={className}>
      {items.map(({ icon: Icon, text }, i) => (
        <li key={i} className={cn('flex items-start', itemClassName)}>
          <Icon className="mt-0.5 h-4 w-4 shrink-0 text-primary" aria-hidden="true" />
          {text}
        </li>
      ))}
    </ul>
  );
}
