import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useRegion } from '@/lib/region';

/**
 * The frame of the contractor pages (/contractor/login, /contractor): no public header; each
 * page renders its own PortalHeader and <main id="main">.
 */
export default function PortalLayout({ children }: { children: ReactNode }) {
  const region = useRegion();
  return (
    <div className="flex min-h-screen flex-col bg-muted/40">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-background focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      {children}
      <footer className="border-t bg-background">
        <div className="container mx-auto flex flex-col items-center justify-between gap-2 px-4 py-4 text-sm text-muted-foreground sm:flex-row">
          <p>{`© ${new Date().getFullYear()} ${region.siteTitle}`}</p>
          <nav aria-label="Site">
            <ul className="flex gap-4">
              <li>
                <Link href="/" className="hover:text-primary hover:underline">
                  Directory home
                </Link>
              </li>
              <li>
                <Link href="/contractor-pricing" className="hover:text-primary hover:underline">
                  Plans &amp; pricing
                </Link>
              </li>
            </ul>
          </nav>
        </div>
      </footer>
    </div>
  );
}
