import { HardHat } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { TopBar } from '@/components/top-bar';
import { useRegion } from '@/lib/region';

/** The portal's slim top bar: the site's name (back to the directory) and the page's own controls. */
export function PortalHeader({ children }: { children?: ReactNode }) {
  const region = useRegion();
  return (
    <TopBar>
      <div className="container mx-auto flex h-16 items-center justify-between gap-2 px-4 sm:gap-4">
        <Link href="/" className="flex min-w-0 items-center gap-2">
          <HardHat className="h-6 w-6 shrink-0 text-primary sm:h-7 sm:w-7" aria-hidden="true" />
          <span className="min-w-0 leading-tight">
            <span className="block truncate text-base font-bold sm:text-lg">
              <span className="hidden sm:inline">{region.siteTitle}</span>
              <span className="sm:hidden">{region.shortTitle}</span>
            </span>
            <span className="block truncate text-xs text-muted-foreground">Contractor Portal</span>
          </span>
        </Link>
        {children && <div className="flex shrink-0 items-center gap-2">{children}</div>}
      </div>
    </TopBar>
  );
}
