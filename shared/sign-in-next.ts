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

/** Where the sign-in pages' forms post without JavaScript, and where a sign-in goes on to (docs/decisions/0124-sign-in-without-javascript.md). */
export const signInPages = {
  // The portal's sign-in goes on to `?next=` when that is a path of this site (afterSignIn), else to the portal.
  contractorLogin: { path: '/contractor/login', done: '/contractor' },
  // The password, then the code step (an account with two-factor sign-in), the enrolment (where it is required and not set up) or the dashboard.
  adminLogin: { path: '/admin/login', code: '/admin/login/code', enrol: '/admin/two-factor', done: '/admin' },
  adminCode: { path: '/admin/login/code', done: '/admin' },
} as const;
