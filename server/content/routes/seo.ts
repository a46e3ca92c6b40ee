import { Router } from 'express';
import type { AppContext } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { countyOf } from '../../http/county-site';
import { siteUrlOfCounty } from '../../counties/region-of';
import { buildRobots, buildSitemap } from '../sitemap';

/**
 * /sitemap.xml and /robots.txt (docs/decisions/0011-server-rendered-pages.md), each the county's
 * whose site is asked, with its own address (docs/decisions/0105-county-sites-open.md).
 */
export function seoRoutes(ctx: AppContext): Router {
  const router = Router();
  router.get(
    '/sitemap.xml',
    asyncHandler(async (_req, res) => {
      const county = countyOf(res);
      const siteUrl = await siteUrlOfCounty(ctx, county);
      res
        .type('application/xml')
        .setHeader('Cache-Control', 'public, max-age=3600')
        .send(await buildSitemap({ ...ctx, siteUrl }, county));
    }),
  );
  router.get(
    '/robots.txt',
    asyncHandler(async (_req, res) => {
      res
        .type('text/plain')
        .setHeader('Cache-Control', 'public, max-age=3600')
        .send(buildRobots(await siteUrlOfCounty(ctx, countyOf(res))));
    }),
  );
  return router;
}
