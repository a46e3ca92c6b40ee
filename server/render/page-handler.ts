import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { RequestHandler } from 'express';
import type { AppContext } from '../context';
import { asyncHandler } from '../http/async-handler';
import { countyOf, freshnessOf } from '../http/county-site';
import { resolveQueryKey, setAge, type QueryRoute } from '../http/query-routes';
import type { PaymentsClientConfig } from '../integrations/payments';
import { regionOf, siteUrlOfCounty } from '../counties/region-of';
import { pageCacheControl, pageEtag, pageKey, type PageCache } from './page-cache';
import type { PageRenderer } from './renderer';

const gzipAsync = promisify(gzip);

/**
 * Answers every non-API GET with a rendered page (or the client-only shell), and a page form
 * sent without JavaScript that its route refused (res.locals.postedForm) with its page again. The renderer
 * answers an unchanged page with the same document (from the app's page cache, server/render/page-cache.ts),
 * so its gzip is kept too (compressing a page costs more than serving it).
 */
export function pageHandler(
  ctx: AppContext,
  renderer: PageRenderer,
  queries: QueryRoute[],
  payments: PaymentsClientConfig,
  cache: PageCache,
): RequestHandler {
  const { gzip: gzipped, etag: etags } = cache;
  return asyncHandler(async (req, res, next) => {
    const posted = res.locals.postedForm;
    if (req.method !== 'GET' && req.method !== 'HEAD' && !posted) return next();
    try {
      const { template, entry } = await renderer.load(req.originalUrl);
      const freshness = freshnessOf(res);
      const county = countyOf(res);
      // Every page kept is kept by county and address (docs/decisions/0101-read-model-per-county.md).
      const key = pageKey(county, req.originalUrl);
      // The page is the request's county's, rendered with its Region and carrying it to the browser
      // in the boot data (docs/decisions/0102-region-in-boot-data.md); the default county's costs no read.
      const [region, siteUrl] = await Promise.all([regionOf(ctx, county), siteUrlOfCounty(ctx, county)]);
      const memo = cache.requestMemo(county);
      const page = await entry.renderPage(req.originalUrl, template, {
        config: { siteUrl, payments },
        region,
        resolve: (queryKey) => resolveQueryKey(queries, queryKey, ctx, freshness, county),
        pages: memo,
        postedForm: posted?.state,
      });
      if (posted) {
        // What the visitor typed: never stored by a cache, nor kept in the page caches.
        res
          .status(page.status === 200 ? posted.status : page.status)
          .type('html')
          .setHeader('Cache-Control', 'no-store')
          .send(page.html);
        return;
      }
      if (page.noindex) res.setHeader('X-Robots-Tag', 'noindex, nofollow');
      setAge(res, freshness);
      res
        .status(page.status)
        .type('html')
        .setHeader('Cache-Control', pageCacheControl(page))
        .setHeader('Vary', 'Accept-Encoding');
      // A page made from a kept render has its ETag and gzip kept with the render; another (an admin
      // or portal page's shell), by its address and stamped with its HTML.
      const kept = memo.render ? cache.documentOf(memo.render, template) : null;
      if (page.status < 500) {
        // ETag and 304 for caches and browsers that have the page (docs/decisions/0070-cache-headers.md); the tag is kept with the page.
        let etag = kept ? kept.etag : etags.get(key, page.html);
        if (!etag) {
          etag = pageEtag(page.html);
          if (kept) kept.etag = etag;
          else etags.set(key, page.html, etag);
        }
        res.setHeader('ETag', etag);
        if (req.fresh) {
          res.status(304).end();
          return;
        }
      }
      if (req.acceptsEncodings('gzip', 'identity') !== 'gzip') {
        res.send(page.html);
        return;
      }
      let body = kept ? kept.gzip : gzipped.get(key, page.html);
      if (!body) {
        body = await gzipAsync(page.html);
        if (kept) kept.gzip = body;
        else gzipped.set(key, page.html, body);
      }
      res.setHeader('Content-Encoding', 'gzip').send(body);
    } catch (err) {
      if (err instanceof Error) renderer.fixStack?.(err);
      next(err);
    }
  });
}
