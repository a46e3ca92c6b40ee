import type { RequestHandler } from 'express';
import type { AppContext } from '../context';
import { asyncHandler } from '../http/async-handler';
import { resolveQueryKey, type QueryRoute } from '../http/query-routes';
import type { PageRenderer } from './renderer';

/** Answers every non-API GET with a rendered page (or the client-only shell). */
export function pageHandler(ctx: AppContext, renderer: PageRenderer, queries: QueryRoute[], payments: { provider: 'stripe' | 'demo'; publishableKey: string | null }): RequestHandler {
  return asyncHandler(async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    try {
      const { template, entry } = await renderer.load(req.originalUrl);
      const page = await entry.renderPage(req.originalUrl, template, {
        config: { siteUrl: ctx.siteUrl, payments },
        resolve: (key) => resolveQueryKey(queries, key, ctx),
      });
      if (page.noindex) res.setHeader('X-Robots-Tag', 'noindex, nofollow');
      res.status(page.status).type('html').setHeader('Cache-Control', 'no-cache').send(page.html);
    } catch (err) {
      if (err instanceof Error) renderer.fixStack?.(err);
      next(err);
    }
  });
}
