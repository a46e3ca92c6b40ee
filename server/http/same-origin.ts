import type { Request, RequestHandler } from 'express';
import type { Logger } from '../logger';
import { forbidden } from '../domain/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
// 'none' is a request the user started (typed address, bookmark), never another site's page.
const OWN_FETCH_SITES = new Set(['same-origin', 'none']);

export const CROSS_SITE_MESSAGE = 'This request came from another site and was refused. Please use the site itself.';

/** The origin (scheme://host[:port]) of a URL, or null when it is not one. */
function originOf(value: string): string | null {
  try {
    const origin = new URL(value).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * Refuses state-changing requests sent by another site's page with the visitor's cookie
 * (docs/decisions/0075-cross-site-requests.md). Browsers say where a request comes from in Origin
 * and Sec-Fetch-Site, and a page cannot forge either; a request with neither header is not from a
 * browser page (curl, a server, the payment provider's webhook) and carries no visitor's cookie by
 * accident, so it passes. The site's own origin is the one the request was made to (scheme and
 * host, from the proxy's headers with TRUST_PROXY) or PUBLIC_URL.
 */
export function sameOriginOnly(opts: { publicUrl?: string; log: Logger }): RequestHandler {
  const published = opts.publicUrl ? originOf(opts.publicUrl) : null;
  let hinted = false;
  const isOwn = (req: Request, origin: string) => {
    const normalised = originOf(origin);
    return (
      normalised !== null && (normalised === published || normalised === originOf(`${req.protocol}://${req.host}`))
    );
  };
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get('origin');
    const fetchSite = req.get('sec-fetch-site')?.toLowerCase();
    const foreignOrigin = origin !== undefined && !isOwn(req, origin);
    const foreignSite = fetchSite !== undefined && !OWN_FETCH_SITES.has(fetchSite);
    if (!foreignOrigin && !foreignSite) return next();
    if (foreignOrigin && fetchSite === 'same-origin' && !hinted) {
      // The browser says same origin but the address does not match: usually a TLS proxy without TRUST_PROXY or PUBLIC_URL.
      hinted = true;
      opts.log.warn(
        'refused a request whose Origin does not match this site although the browser calls it same-origin; behind a proxy set TRUST_PROXY or PUBLIC_URL',
        {
          origin,
          site: `${req.protocol}://${req.host}`,
        },
      );
    }
    next(forbidden(CROSS_SITE_MESSAGE));
  };
}
