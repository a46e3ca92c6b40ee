import type { Request, RequestHandler } from 'express';
import type { z } from 'zod';
import type { AppContext } from '../context';
import type { AdminActor, AdminScope } from '../domain/actors';
import { checkOwned, loadAdminAccount, scopeOf, type OwnedKind } from '../counties/admin-scope';
import { contractorMaySignIn } from '../accounts/sessions';
import { asyncHandler } from './async-handler';
import { forbidden, unauthenticated } from '../domain/errors';
import { LoginThrottle } from './login-throttle';
import { adminTwoFactorRequired } from '../env';
import { ABSOLUTE_TIMEOUT_MS, saveSession, secureSignInGuard, SESSION_COOKIE, type SessionUser } from './session';
import { parseInput } from './validate';

/**
 * Who a route is for. Every route under /api carries exactly one guard saying so (requireAdmin,
 * requireContractor or forAnyone); tests/api/route-guards.test.ts walks the router and
 * refuses a route without one, then checks each guard against every kind of caller.
 */
export type Role = 'admin' | 'contractor' | 'anyone';
export const ROLE = Symbol('role');
/** What an admin route says of itself (docs/decisions/0103-county-administrators.md): read by the isolation test through the route table. */
export const ADMIN_ROUTE = Symbol('admin-route');
export interface AdminRouteRule {
  /** The kind of item the route's `param` names: another county's is 'not found'. */
  owns?: OwnedKind;
  /** The route parameter holding its id ('id' unless said). */
  param?: string;
  /** Platform administrators only: a county administrator gets 403. */
  platform?: boolean;
  /** Open to an account that must still set up its two-factor sign-in (the enrolment's own routes; docs/decisions/0109-admin-two-factor.md). */
  enrolment?: boolean;
}
export type Guard = RequestHandler & { readonly [ROLE]: Role; readonly [ADMIN_ROUTE]?: AdminRouteRule };

const guard = (role: Role, handler: RequestHandler): Guard => Object.assign(handler, { [ROLE]: role });

const scopes = new WeakMap<Request, AdminScope>();

export const CODE_STILL_TO_COME = 'Enter the code from your authenticator app to finish signing in';
export const MUST_ENROL =
  'Set up two-factor sign-in first: every administrator signs in with an authenticator app here';

/**
 * The guard of every admin endpoint (docs/decisions/0008-accounts-and-sessions.md,
 * docs/decisions/0103-county-administrators.md): anonymous callers get 401, a signed-in contractor
 * 403. The account is read again at every request, so disabling it ends its sessions and a change
 * of role or counties holds at once; its scope (adminScopeOf) is what services filter by. A route
 * naming an item says which kind (`owns`), and one of another county is 404 before the handler runs;
 * a `platform` route is 403 to a county administrator.
 */
export function requireAdmin(ctx: Pick<AppContext, 'db' | 'database' | 'env'>, rule: AdminRouteRule = {}): Guard {
  const twoFactorRequired = adminTwoFactorRequired(ctx.env);
  const handler: RequestHandler = (req, _res, next) => {
    const user = req.session?.user;
    if (!user) return next(unauthenticated('Please sign in as an administrator'));
    if (user.kind === 'admin-code') return next(unauthenticated(CODE_STILL_TO_COME));
    if (user.kind !== 'admin') return next(forbidden('This area is for administrators'));
    (async () => {
      const account = await loadAdminAccount(ctx, user.adminUserId);
      // A reset of its password or two-factor sign-in moved the account's generation: this session is over.
      if (!account || account.sessionGeneration !== (user.generation ?? 0)) {
        await signOut(req);
        throw unauthenticated('Your administrator session has ended. Please sign in again.');
      }
      // Required, and not set up: the enrolment's routes and nothing else.
      if (twoFactorRequired && !account.twoFactor && !rule.enrolment) throw forbidden(MUST_ENROL);
      const scope = scopeOf(user.adminUserId, account, user.countyId);
      if (rule.platform && scope.role !== 'platform') throw forbidden('This area is for platform administrators');
      if (rule.owns) {
        const raw = String(req.params[rule.param ?? 'id'] ?? '');
        const id = /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
        // A malformed id is left to the route's own parsing and message.
        if (Number.isInteger(id))
          await checkOwned(ctx, scope, rule.owns, id, { write: req.method !== 'GET' && req.method !== 'HEAD' });
      }
      scopes.set(req, scope);
    })().then(() => next(), next);
  };
  return Object.assign(guard('admin', handler), { [ADMIN_ROUTE]: rule });
}

/**
 * A signed-in contractor that is still approved and listed, in a session of its account's current
 * generation: rejecting, hiding, a new password and 'sign out everywhere' end its sessions, and
 * this check also covers a session written back by a request that was in flight at that moment.
 */
export function requireContractor(ctx: Pick<AppContext, 'db'>): Guard {
  return guard('contractor', (req, _res, next) => {
    const user = req.session?.user;
    if (!user) return next(unauthenticated('Please sign in to the contractor portal'));
    if (user.kind !== 'contractor') return next(forbidden('This area is for contractors'));
    contractorMaySignIn(ctx, user.contractorId, user.generation).then(
      (active) =>
        active
          ? next()
          : signOut(req).then(
              () => next(unauthenticated('Your portal session has ended. Please sign in again.')),
              next,
            ),
      next,
    );
  });
}

/** Open to every caller, said on purpose: what the route checks itself (a token, a signature, a form's limits) is its guard. */
export const forAnyone = guard('anyone', (_req, _res, next) => next());

/** The signed-in contractor's id; only after requireContractor. */
export function contractorIdOf(req: Request): number {
  const user = req.session.user;
  if (user?.kind !== 'contractor') throw unauthenticated();
  return user.contractorId;
}

/** The signed-in administrator, as recorded with a decision; only after requireAdmin. */
export function adminOf(req: Request): AdminActor {
  const { adminUserId, username } = adminScopeOf(req);
  return { adminUserId, username };
}

/** What the signed-in administrator may see and change now (its role and counties); only after requireAdmin. */
export function adminScopeOf(req: Request): AdminScope {
  const scope = scopes.get(req);
  if (!scope) throw unauthenticated();
  return scope;
}

/** Starts a signed-in session under a new id (no session fixation), with the absolute lifetime. */
export function signIn(req: Request, user: SessionUser, absoluteMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    req.session.regenerate((err) => {
      if (err) return reject(err);
      req.session.user = user;
      req.session.absoluteExpiresAt = Date.now() + absoluteMs;
      saveSession(req).then(resolve, reject);
    });
  });
}

export function signOut(req: Request): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!req.session) return resolve();
    req.session.destroy((err) => (err ? reject(err) : resolve()));
  });
}

/** What a sign-in's check of the credentials gives: the session's user, what to record once signed in, and the answer. */
export interface SignedIn<A extends object = object> {
  user: SessionUser;
  recordSignIn(): Promise<void>;
  answer: A;
  /** The session's absolute lifetime when not the usual (a sign-in waiting for its second step is short). */
  absoluteMs?: number;
}

/**
 * One step of a sign-in, as the JSON API and the sign-in pages posted without JavaScript both take
 * it (docs/decisions/0124-sign-in-without-javascript.md): the sent fields in, the API's answer out,
 * the session started on the way. A refusal is thrown as a domain error.
 */
export type SignInStep<A extends object> = (req: Request, body: unknown) => Promise<A>;

/**
 * A password sign-in: the credentials parsed with the shared schema (`message` when refused),
 * sign-in refused over plain http in production, failures throttled per account and address
 * (docs/decisions/0036-sign-in-throttling.md), then a new session. `verify` throws the domain error
 * of a refused attempt, which counts as a failure.
 */
export function passwordSignIn<S extends z.ZodType, A extends object>(
  ctx: AppContext,
  opts: {
    kind: 'admin' | 'contractor';
    schema: S;
    message: string;
    account: (input: z.output<S>) => string;
    verify: (input: z.output<S>) => Promise<SignedIn<A>>;
  },
): SignInStep<A> {
  const throttle = new LoginThrottle(opts.kind, ctx.env.RATE_LIMIT !== false);
  const secureSignIn = secureSignInGuard(ctx.env, ctx.log);
  return async (req, body) => {
    const input = parseInput(opts.schema, body, opts.message);
    secureSignIn(req);
    const attempt = await throttle.attempt(req, opts.account(input));
    const signedIn = await opts.verify(input);
    await attempt.succeeded();
    await signIn(req, signedIn.user, signedIn.absoluteMs ?? ABSOLUTE_TIMEOUT_MS);
    await signedIn.recordSignIn();
    return signedIn.answer;
  };
}

/** POST /api/{admin,contractor}/login (and the admin's second step): the step with the JSON body, answered as JSON. */
export function signInRoute<A extends object>(step: SignInStep<A>): RequestHandler[] {
  return [
    forAnyone,
    asyncHandler(async (req, res) => {
      res.json(await step(req, req.body));
    }),
  ];
}

/** POST /api/{admin,contractor}/logout: the session is destroyed on the server, so a copied cookie dies with it. */
export const signOutRoute: RequestHandler[] = [
  forAnyone,
  asyncHandler(async (req, res) => {
    await signOut(req);
    res.clearCookie(SESSION_COOKIE, { path: '/' });
    res.json({ message: 'Logged out' });
  }),
];
