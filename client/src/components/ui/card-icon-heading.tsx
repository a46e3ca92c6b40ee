import type { ComponentType, ReactNode } from 'react';

/** A card's heading (h2) after its icon, which is decorative: the words name the card. */
export function CardIconHeading({
  icon: Icon,
  children,
  id,
}: {
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' | 'false' }>;
  children: ReactNode;
  id?: string;
}) {
  return (
    <h2 className="flex items-center gap-2 text-lg font-semibold leading-tight" id={id}>
      <Icon className="h-5 w-5 text-primary" aria-hidden="true" />
      {children}
    </h2>
  );
}
