import type { Request, RequestHandler } from 'express';
import { forbidden, unauthorized } from './errors';

/**
 * Role checks for every admin and contractor endpoint (docs/decisions.md §1.7): anonymous callers get
 * 401, a signed-in user of the other kind gets 403.
 */
export const requireAdmin: RequestHandler = (req, _res, next) => {
  const user = req.session?.user;
  if (!user) return next(unauthorized('Please sign in as an administrator'));
  if (user.kind !== 'admin') return next(forbidden('This area is for administrators'));
  next();
};

export const requireContractor: RequestHandler = (req, _res, next) => {
  const user = req.session?.user;
  if (!user) return next(unauthorized('Please sign in to the contractor portal'));
  if (user.kind !== 'contractor') return next(forbidden('This area is for contractors'));
  next();
};

/**
 * requireContractor, and the contractor must still be approved and listed: rejecting or hiding
 * ends its sessions, and this check also covers a session written back by a request that was
 * in flight at that moment.
 */
export function requireActiveContractor(stillActive: (contractorId: number) => Promise<boolean>): RequestHandler {
  return (req, res, next) =>
    requireContractor(req, res, (err?: unknown) => {
      if (err) return next(err);
      stillActive(contractorIdOf(req)).then((active) => (active ? next() : signOut(req).then(() => next(unauthorized('Your portal session has ended. Please sign in again.')), next)), next);
    });
}

/** The signed-in contractor's id; only after requireContractor. */
export function contractorIdOf(req: Request): number {
  const user = req.session.user;
  if (user?.kind !== 'contractor') throw unauthorized();
  return user.contractorId;
}

/** Starts a signed-in session under a new id (no session fixation), with the absolute lifetime. */
export function signIn(req: Request, user: NonNullable<Request['session']['user']>, absoluteMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    req.session.regenerate((err) => {
      if (err) return reject(err);
      req.session.user = user;
      req.session.absoluteExpiresAt = Date.now() + absoluteMs;
      req.session.save((e) => (e ? reject(e) : resolve()));
    });
  });
}

export function signOut(req: Request): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!req.session) return resolve();
    req.session.destroy((err) => (err ? reject(err) : resolve()));
  });
}
