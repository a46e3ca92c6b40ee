import type { ReactNode } from 'react';

/**
 * The sticky bar the admin and portal frames open with. The public header writes its own: its
 * page's JavaScript is held to a budget (docs/decisions/0063-public-js-budget.md).
 */
export function TopBar({ children }: { children: ReactNode }) {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      {children}
    </header>
  );
}
