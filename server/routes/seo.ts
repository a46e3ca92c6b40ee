import { Router } from 'express';
import type { AppContext } from '../context';
import { asyncHandler } from '../http/async-handler';
import { countyOf } from '../http/county-site';
import { buildRobots, buildSitemap } from '../services/sitemap';

/** /sitemap.xml and /robots.txt (docs/decisions/0011-server-rendered-pages.md). */
export function seoRoutes(ctx: AppContext): Router {
  const router = Router();
  router.get(
    '/sitemap.xml',
    asyncHandler(async (_req, res) => {
      res
        .type('application/xml')
        .setHeader('Cache-Control', 'public, max-age=3600')
        .send(await buildSitemap(ctx, countyOf(res)));
    }),
  );
  router.get('/robots.txt', (_req, res) => {
    res.type('text/plain').setHeader('Cache-Control', 'public, max-age=3600').send(buildRobots(ctx.siteUrl));
  });
  return router;
}
