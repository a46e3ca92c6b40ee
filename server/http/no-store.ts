import type { RequestHandler } from 'express';

/**
 * Answers that may depend on who is signed in (admin, portal, outbox with setup codes, payment
 * secrets) are never kept by a browser or shared cache, so the next user of the machine or proxy
 * cannot be shown them. Mounted after the session, so public directory answers stay cacheable.
 */
export const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};
