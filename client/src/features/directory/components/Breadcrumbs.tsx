import { ChevronRight } from 'lucide-react';
import { Link } from 'wouter';
import type { Crumb } from '../service-page-content';

/** The trail to a page, the last crumb being the page itself (the same markup as the profile's). */
export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-muted-foreground">
      <ol className="flex flex-wrap items-center gap-1">
        {crumbs.map((c, i) => {
          const last = i === crumbs.length - 1;
          return (
            // The separators sit inside the items: an ol may hold only li elements.
            <li key={c.href} aria-current={last ? 'page' : undefined} className={last ? 'flex items-center gap-1 text-foreground' : 'flex items-center gap-1'}>
              {i > 0 && <ChevronRight className="h-4 w-4" aria-hidden="true" />}
              {last ? (
                c.label
              ) : (
                <Link href={c.href} className="hover:underline">
                  {c.label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
