import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { RequestHandler } from 'express';
import { VersionedLru } from '@shared/versioned-lru';
import type { AppContext } from '../context';
import { asyncHandler } from '../http/async-handler';
import { resolveQueryKey, type QueryRoute } from '../http/query-routes';
import type { PageRenderer } from './renderer';

const gzipAsync = promisify(gzip);

/**
 * Answers every non-API GET with a rendered page (or the client-only shell). The renderer
 * answers an unchanged page with the same document, so its gzip is kept too (compressing a
 * page costs more than serving it).
 */
export function pageHandler(ctx: AppContext, renderer: PageRenderer, queries: QueryRoute[], payments: { provider: 'stripe' | 'demo'; publishableKey: string | null }): RequestHandler {
  const gzipped = new VersionedLru<Buffer>(256);
  return asyncHandler(async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    try {
      const { template, entry } = await renderer.load(req.originalUrl);
      const page = await entry.renderPage(req.originalUrl, template, {
        config: { siteUrl: ctx.siteUrl, payments },
        resolve: (key) => resolveQueryKey(queries, key, ctx),
      });
      if (page.noindex) res.setHeader('X-Robots-Tag', 'noindex, nofollow');
      res.status(page.status).type('html').setHeader('Cache-Control', 'no-cache').setHeader('Vary', 'Accept-Encoding');
      if (req.acceptsEncodings('gzip', 'identity') !== 'gzip') {
        res.send(page.html);
        return;
      }
      let body = gzipped.get(req.originalUrl, page.html);
      if (!body) {
        body = await gzipAsync(page.html);
        gzipped.set(req.originalUrl, page.html, body);
      }
      res.setHeader('Content-Encoding', 'gzip').send(body);
    } catch (err) {
      if (err instanceof Error) renderer.fixStack?.(err);
      next(err);
    }
  });
}
