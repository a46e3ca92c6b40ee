import { HardHat } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { cn } from '@/lib/cn';
import { MobileMenu } from './MobileMenu';
import { NAV_LINKS } from './nav-links';
import { useRegion } from '@/lib/region';

export function Header() {
  const region = useRegion();
  const [path] = useLocation();
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="container mx-auto flex h-16 items-center justify-between gap-4 px-4">
        <Link href="/" className="flex min-w-0 items-center gap-2">
          <HardHat className="h-7 w-7 shrink-0 text-primary" aria-hidden="true" />
          <span className="min-w-0">
            <span className="block truncate text-lg font-bold leading-tight">
              <span className="hidden sm:inline">{region.siteTitle}</span>
              <span className="sm:hidden">{region.shortTitle}</span>
            </span>
            <span className="hidden truncate text-xs text-muted-foreground md:block">{region.tagline}</span>
          </span>
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          {NAV_LINKS.map((link) => {
            const current = link.isCurrent(path);
            return (
              <Link
                key={link.href}
                href={link.href}
                aria-current={current ? 'page' : undefined}
                className={cn(
                  'rounded-md px-3 py-2 text-sm font-medium hover:bg-muted',
                  current ? 'text-primary' : 'text-foreground',
                )}
              >
                {link.label}
              </Link>
            );
          })}
        </nav>
        <MobileMenu />
      </div>
    </header>
  );
}
