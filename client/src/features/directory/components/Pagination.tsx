import type { MouseEvent } from 'react';
import { Button } from '@/components/ui/button';
import { plural } from '@/lib/format';

/** A click the page handles itself; a click with a modifier (new tab, new window) or another button is left to the browser. */
const isPlainClick = (e: MouseEvent) => e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;

export const pageCount = ({ total, pageSize }: { total: number; pageSize: number }) =>
  Math.max(1, Math.ceil(total / pageSize));

/**
 * After a page change the new page is read from the top of its list, not from where Next was;
 * the scroll position of the page left behind stays with its history entry, for Back.
 */
export function showListTop(list: HTMLElement | null) {
  if (list && list.getBoundingClientRect().top < 0) list.scrollIntoView({ block: 'start' });
}

/** A link the page follows itself on a plain click, so it works without JavaScript and in a new tab too. */
function PageLink({
  href,
  rel,
  onGo,
  children,
}: {
  href: string;
  rel?: 'prev' | 'next';
  onGo: () => void;
  children: string;
}) {
  return (
    <Button variant="outline" asChild>
      <a
        href={href}
        rel={rel}
        onClick={(e) => {
          if (!isPlainClick(e)) return;
          e.preventDefault();
          onGo();
        }}
      >
        {children}
      </a>
    </Button>
  );
}

/**
 * Previous / Next as real links to the page's address, so paging works without JavaScript and
 * opens in a new tab; with JavaScript a plain click calls onPage instead
 * (docs/decisions/0022-pages-without-javascript.md).
 */
export function Pagination({
  page,
  pages,
  hrefFor,
  onPage,
}: {
  page: number;
  pages: number;
  hrefFor: (page: number) => string;
  onPage: (page: number) => void;
}) {
  if (pages <= 1) return null;
  const step = (to: number, label: string, rel: 'prev' | 'next') =>
    to < 1 || to > pages ? (
      <Button variant="outline" disabled>
        {label}
      </Button>
    ) : (
      <PageLink href={hrefFor(to)} rel={rel} onGo={() => onPage(to)}>
        {label}
      </PageLink>
    );
  return (
    <nav className="mt-6 flex items-center justify-center gap-3" aria-label="Pages">
      {step(page - 1, 'Previous', 'prev')}
      <span className="text-sm text-muted-foreground" aria-current="page">{`Page ${page} of ${pages}`}</span>
      {step(page + 1, 'Next', 'next')}
    </nav>
  );
}

/** An address past the last page (an old link, a list that shrank): said plainly, with the way to the last page. */
export function PastLastPage({
  page,
  pages,
  href,
  onGo,
}: {
  page: number;
  pages: number;
  href: string;
  onGo: () => void;
}) {
  const headingId = 'past-last-page';
  return (
    <section aria-labelledby={headingId} className="rounded-lg border p-10 text-center">
      <h3 id={headingId} className="text-lg font-semibold">{`No page ${page}`}</h3>
      <p className="mt-1 text-muted-foreground">{`These results have ${plural(pages, 'page')}.`}</p>
      <div className="mt-4">
        <PageLink href={href} onGo={onGo}>{`Go to page ${pages}`}</PageLink>
      </div>
    </section>
  );
}
