// Apart from shared/forms.ts, which every public page's JavaScript carries: only the sign-in
// pages need it (docs/decisions/0064-bundle-cutting.md).

/**
 * Where a sign-in goes on to from `?next=`: a path of this site only (never another host, however
 * spelled: '//host', '/\host', control characters a browser drops), else the given default.
 */
export function afterSignIn(next: unknown, otherwise: string): string {
  if (typeof next !== 'string' || !next.startsWith('/') || next[1] === '/') return otherwise;
  for (const c of next) if (c === '\\' || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f) return otherwise;
  return next;
}
