import type { RequestHandler, Response } from 'express';
import { region, type Region } from '@shared/region';
import type { AppContext } from '../context';
import { Freshness } from '../directory/freshness';
import { regionOf } from '../counties/region-of';
import type { CountySites } from '../counties/sites';
import type { Front } from './front';

/** The health check answers on any host: load balancers and probes use their own. */
const ANY_HOST = '/api/health';

/** The Region of the request's county: its towns, services and wording (docs/decisions/0102-region-in-boot-data.md). */
export function regionOfRequest(ctx: Pick<AppContext, 'db' | 'directory' | 'memo'>, res: Response): Promise<Region> {
  return regionOf(ctx, countyOf(res));
}

/**
 * A request's Freshness, from when countySite saw it arrive: the version read its host check sent
 * also answers for its county's data (server/directory/version.ts).
 */
export function freshnessOf(res: Response): Freshness {
  return new Freshness(res.locals.arrivedAt as number | undefined);
}

/** The county whose site this request is for (set by countySite); the default county outside the app's chain (tests of single routes). */
export function countyOf(res: Response): string {
  return (res.locals.county as string | undefined) ?? region.slug;
}

function page(title: string, text: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem"><h1>${title}</h1><p>${text}</p></body></html>`;
}

/**
 * Finds the county whose site the request's host name is (docs/decisions/0099-county-by-host.md)
 * before anything answers, so no county's data goes out on a host that is not its site. A host
 * that is no county's site gets a 404 page (JSON under /api); every county's site is open once it is
 * added (docs/decisions/0105-county-sites-open.md); the health check answers on every host. The
 * answer carries what every answer gets (`front`), and never echoes the host.
 */
export function countySite(sites: CountySites, first: Front): RequestHandler {
  return (req, res, next) => {
    if (req.path === ANY_HOST) return next();
    const arrivedAt = (res.locals.arrivedAt = performance.now());
    // The single-county path stays synchronous: no promise for the deployment's own addresses.
    const bare = sites.bare(req.hostname);
    if (bare) {
      res.locals.county = bare;
      return next();
    }
    sites.slugOf(req.hostname, arrivedAt).then(
      (county) => {
        if (county) {
          res.locals.county = county;
          return next();
        }
        const title = 'Site Not Found';
        const text = 'No county directory is served at this address. Check the address and try again.';
        first.middleware(req, res, () => {
          res.status(404).set('Cache-Control', 'no-store');
          if (req.path.startsWith('/api/')) res.json({ message: `${title}. ${text}` });
          else res.type('html').send(page(escapeHtml(title), text));
        });
      },
      (err: unknown) => next(err),
    );
  };
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
