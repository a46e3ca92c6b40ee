import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useRegion } from '@/lib/region';
import { SkipLink } from '@/components/skip-link';

const FOOTER_LINKS = [
  { href: '/', label: 'Directory home' },
  { href: '/contractor-pricing', label: 'Plans & pricing' },
] as const;

/**
 * The frame of the contractor pages (/contractor/login, /contractor): no public header; each
 * page renders its own PortalHeader and <main id="main">.
 */
export default function PortalLayout({ children }: { children: ReactNode }) {
  const region = useRegion();
  return (
    <div className="flex min-h-screen flex-col bg-muted/40">
      <SkipLink />
      {children}
      <footer className="border-t bg-background">
        <div className="container mx-auto flex flex-col items-center justify-between gap-2 px-4 py-4 text-sm text-muted-foreground sm:flex-row">
          <p>{`© ${new Date().getFullYear()} ${region.siteTitle}`}</p>
          <nav aria-label="Site">
            <ul className="flex gap-4">
              {FOOTER_LINKS.map((link) => (
                <li key={link.href}>
                  <Link href={link.href} className="hover:text-primary hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </footer>
    </div>
  );
}
