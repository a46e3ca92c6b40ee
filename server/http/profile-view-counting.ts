import type { Request, RequestHandler } from 'express';
import { countsAsVisitor, type ProfileViewCounter } from '../contractors/profile-views';
import { trackWork } from './async-handler';

/**
 * A profile is read as its page (/contractor/:id, server rendered) or as JSON
 * (/api/contractors/:id, what the browser fetches when it moves to a profile inside the app). Both
 * count (docs/decisions/0058-profile-views.md): a page hydrates from the data it was rendered with
 * and does not fetch it again, and a visitor counts once a day whichever way it came.
 */
const PROFILE = /^\/(?:api\/contractors|contractor)\/(\d{1,9})$/;

/** A link the browser loads in case it is followed is not a view. */
const PREFETCH = /prefetch|prerender/i;
const isPrefetch = (req: Request) =>
  PREFETCH.test(`${req.get('sec-purpose') ?? ''} ${req.get('purpose') ?? ''} ${req.get('x-moz') ?? ''}`);

/**
 * Counts a profile view once its answer has gone: only a profile answered from current data (a
 * 200, or a 304 to a browser that had the page), never a 404, nor an answer from memory while the
 * database is away (STALE_IF_ERROR: it carries an Age header, and counting would only wait on
 * the database). Shutdown waits for a count in flight.
 */
export function countProfileViews(counter: ProfileViewCounter): RequestHandler {
  return (req, res, next) => {
    const match = req.method === 'GET' ? PROFILE.exec(req.path) : null;
    const userAgent = match ? req.get('user-agent') : undefined;
    if (match && countsAsVisitor(userAgent) && !isPrefetch(req)) {
      const contractorId = Number(match[1]);
      res.once('finish', () => {
        if ((res.statusCode !== 200 && res.statusCode !== 304) || res.getHeader('Age') !== undefined) return;
        void trackWork(counter.record({ contractorId, address: req.ip ?? '', userAgent: userAgent! }));
      });
    }
    next();
  };
}
