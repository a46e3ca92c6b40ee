import { ChevronRight } from 'lucide-react';
import { Link } from 'wouter';

/** One step of a page's trail; the last is the page itself. */
export interface Crumb {
  label: string;
  /** Path on this site, e.g. '/browse'. */
  href: string;
}

/**
 * The trail shown on a page. Every page that shows one also puts `breadcrumbJsonLd` of the same
 * crumbs in its head, so what search engines read is what the visitor sees (docs/decisions/0095-breadcrumbs-and-their-markup.md).
 */
export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-muted-foreground">
      <ol className="flex flex-wrap items-center gap-1">
        {crumbs.map((c, i) => {
          const last = i === crumbs.length - 1;
          return (
            // The separators sit inside the items: an ol may hold only li elements.
            <li
              key={c.href}
              aria-current={last ? 'page' : undefined}
              className={last ? 'flex min-w-0 items-center gap-1 text-foreground' : 'flex items-center gap-1'}
            >
              {i > 0 && <ChevronRight className="h-4 w-4 shrink-0" aria-hidden="true" />}
              {last ? (
                // A long page name (a post's title) is cut to one line: the heading below says it in full.
                <span className="truncate">{c.label}</span>
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

/** schema.org BreadcrumbList of the trail shown on the page: the same names, addresses and order. */
export function breadcrumbJsonLd(crumbs: Crumb[], siteUrl: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.label,
      item: `${siteUrl}${c.href}`,
    })),
  };
}
