import session from 'express-session';
import type { RequestHandler } from 'express';
import type { Db } from '../db/client';
import type { Env } from '../env';
import { DbSessionStore } from './session-store';

export type SessionUser = { kind: 'admin'; adminUserId: number; username: string } | { kind: 'contractor'; contractorId: number; accountId: number };

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

export function sessionMiddleware(db: Db, env: Env, secret: string): { middleware: RequestHandler; store: DbSessionStore } {
  const store = new DbSessionStore(db);
  const middleware = session({
    name: SESSION_COOKIE,
    secret,
    store,
    resave: false,
    saveUninitialized: false,
    rolling: true,
    proxy: env.TRUST_PROXY,
    cookie: { httpOnly: true, sameSite: 'lax', secure: env.NODE_ENV === 'production', maxAge: IDLE_TIMEOUT_MS, path: '/' },
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
