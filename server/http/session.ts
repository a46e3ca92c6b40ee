import session from 'express-session';
import type { Request, RequestHandler } from 'express';
import type { Database } from '../db/client';
import type { Env } from '../env';
import type { Logger } from '../logger';
import { forbidden } from '../domain/errors';
import { DbSessionStore } from './session-store';

export type SessionUser =
  /** countyId: the county an administrator chose to look at (the switcher); none is every county it may see. */
  | {
      kind: 'admin';
      adminUserId: number;
      username: string;
      countyId?: number | null;
      /** The account's session generation at sign-in; a session of an older one is over (docs/decisions/0109-admin-two-factor.md). */
      generation?: number;
    }
  /** The password was right and a code from the authenticator app is still to come: no admin session yet (docs/decisions/0109-admin-two-factor.md). */
  | { kind: 'admin-code'; adminUserId: number; username: string; generation: number }
  | {
      kind: 'contractor';
      contractorId: number;
      accountId: number;
      /** The account's session generation at sign-in; a session of an older one is over (docs/decisions/0108-contractor-password-reset.md). */
      generation?: number;
    };

declare module 'express-session' {
  interface SessionData {
    user?: SessionUser;
    /** Epoch ms after which the session ends however active it is. */
    absoluteExpiresAt?: number;
  }
}

export const SESSION_COOKIE = 'sid';
export const IDLE_TIMEOUT_MS = 30 * 60_000;
export const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60_000;

/**
 * Secure in production (docs/decisions/0008-accounts-and-sessions.md,
 * docs/decisions/0042-production-sign-in-https.md). ALLOW_PLAIN_HTTP is the operator's explicit opt-in
 * for a private network served over http: Secure on https requests only.
 */
export function cookieSecurity(env: Env): boolean | 'auto' {
  if (env.NODE_ENV !== 'production') return false;
  return env.ALLOW_PLAIN_HTTP ? 'auto' : true;
}

export const SECURE_CONNECTION_REQUIRED =
  'Sign-in needs a secure connection: open this site with https://. (Behind a proxy that handles HTTPS, the server needs TRUST_PROXY=true.)';

/** Loggers already told, so the operator reads it once, not once per attempt. */
const toldOperator = new WeakSet<Logger>();

/**
 * For sign-ins: the browser is never sent a Secure cookie over plain http, so a sign-in there would
 * answer success with no session. It is refused with a message that says why instead.
 */
export function secureSignInGuard(env: Env, log: Logger): (req: Request) => void {
  return (req) => {
    if (cookieSecurity(env) !== true || req.secure) return;
    if (!toldOperator.has(log)) {
      toldOperator.add(log);
      log.warn(
        'Sign-in refused over plain http: the production session cookie is Secure, so no session could start. Serve the site over HTTPS, set TRUST_PROXY=true behind a proxy that handles HTTPS, or set ALLOW_PLAIN_HTTP=true on a private network. (Said once.)',
        { forwardedProto: req.get('x-forwarded-proto') ?? null, trustProxy: env.TRUST_PROXY ?? false },
      );
    }
    throw forbidden(SECURE_CONNECTION_REQUIRED);
  };
}

export function sessionMiddleware(
  database: Pick<Database, 'db' | 'prepared'>,
  env: Env,
  secret: string,
): { middleware: RequestHandler; store: DbSessionStore } {
  const store = new DbSessionStore(database);
  const middleware = session({
    name: SESSION_COOKIE,
    secret,
    store,
    resave: false,
    saveUninitialized: false,
    rolling: true,
    proxy: env.TRUST_PROXY,
    cookie: { httpOnly: true, sameSite: 'lax', secure: cookieSecurity(env), maxAge: IDLE_TIMEOUT_MS, path: '/' },
  });
  return { middleware, store };
}

/** Ends a session past its absolute lifetime. */
export const absoluteTimeout: RequestHandler = (req, _res, next) => {
  const s = req.session;
  if (s?.user && s.absoluteExpiresAt && Date.now() > s.absoluteExpiresAt) {
    s.destroy(() => next());
    return;
  }
  next();
};

/** Writes the session now, before the answer goes out (a change the next request must already see). */
export const saveSession = (req: Request): Promise<void> =>
  new Promise((resolve, reject) => req.session.save((e) => (e ? reject(e) : resolve())));
