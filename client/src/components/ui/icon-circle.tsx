import type { LucideIcon } from 'lucide-react';

/** A page's or an empty state's icon in a round tint: decorative, the heading beside it names it. */
export function IconCircle({ icon: Icon }: { icon: LucideIcon }) {
  return (
    <span className="flex h-12 w-12 items-center justify-center rounded-full bg-secondary">
      <Icon className="h-6 w-6 text-primary" aria-hidden="true" />
    </span>
  );
}
