export interface NavLink {
  href: string;
  label: string;
  /** Whether the link is the current page for a path. */
  isCurrent: (path: string) => boolean;
}

export const NAV_LINKS: NavLink[] = [
  { href: '/', label: 'Home', isCurrent: (p) => p === '/' },
  { href: '/browse', label: 'Browse Contractors', isCurrent: (p) => p === '/browse' },
  { href: '/blog', label: 'Blog', isCurrent: (p) => p.startsWith('/blog') },
  { href: '/submit-business', label: 'Submit Your Business', isCurrent: (p) => p === '/submit-business' },
];
