import compression from 'compression';
import express, { Router } from 'express';
import type { AppContext } from './context';
import { apiNotFound, errorMiddleware } from './http/error-middleware';
import { jsonOnly } from './http/json-only';
import { noStore } from './http/no-store';
import { countProfileViews } from './http/profile-view-counting';
import { publicAnswers, queryRouter } from './http/query-routes';
import { requestLog } from './http/request-log';
import { sameOriginOnly } from './http/same-origin';
import { fixedHeadersOf, securityHeaders } from './http/security-headers';
import { absoluteTimeout, sessionMiddleware } from './http/session';
import { paymentsClientConfig } from './integrations/payments';
import { pageHandler } from './render/page-handler';
import type { PageRenderer } from './render/renderer';
import { certificateUploadRoutes } from './routes/certificate-uploads';
import { formPageRoutes } from './routes/form-pages';
import { healthRoutes } from './routes/health';
import { paymentWebhookRoutes } from './routes/payments';
import { apiRoutes } from './routes';
import { publicQueries } from './routes/public-queries';
import { seoRoutes } from './routes/seo';
import { ProfileViewCounter } from './services/profile-views';
import { RateLimits } from './services/rate-limits';

export interface AppOptions {
  ctx: AppContext;
  sessionSecret: string;
  /** Without one the app serves the API only (API tests). */
  renderer?: PageRenderer;
}

function apiRouter(ctx: AppContext, sessionSecret: string): Router {
  const api = Router();
  api.use(sameOriginOnly({ publicUrl: ctx.env.PUBLIC_URL, log: ctx.log }));
  api.use(healthRoutes(ctx));
  // Before the JSON parser: the webhook's signature covers the raw bytes.
  api.use(paymentWebhookRoutes(ctx));
  const { middleware: session } = sessionMiddleware(ctx.db, ctx.env, sessionSecret);
  // Before the JSON-only rule too: a certificate upload's body is the file, with its own type check and size limit.
  api.use(certificateUploadRoutes(ctx, [session, absoluteTimeout, noStore]));
  api.use(jsonOnly, express.json({ limit: ctx.env.BODY_LIMIT, strict: true }));
  api.use(queryRouter(publicQueries, ctx));
  api.use(session, absoluteTimeout, noStore);
  api.use(apiRoutes(ctx));
  api.use(apiNotFound);
  return api;
}

/** The Express app; the order of middleware is the order a request meets it. */
export function createApp({ ctx, sessionSecret, renderer }: AppOptions) {
  const app = express();
  app.disable('x-powered-by');
  // Every rate limit and sign-in throttle of this app counts in the database (docs/decisions.md §7).
  app.locals.rateLimits = new RateLimits(ctx.db);
  if (ctx.env.TRUST_PROXY) app.set('trust proxy', 1);
  const security = securityHeaders({ dev: renderer?.mode === 'vite', stripe: Boolean(ctx.env.STRIPE_SECRET_KEY) });
  // Every request gets an id (echoed as X-Request-Id); one log line per answer unless turned off.
  const ids = requestLog(ctx.log, ctx.env.LOG_REQUESTS ?? ctx.env.NODE_ENV !== 'test');
  // Profile pages and their JSON count a view once the answer has gone (docs/decisions.md §11).
  const views = countProfileViews(new ProfileViewCounter(ctx.db, sessionSecret, ctx.log));
  // Current public answers are written first of all, with what the next three give every answer
  // (docs/decisions.md §6). A middleware added in front of the API must be handed to publicAnswers
  // too (FrontOfApi), or put after it only for what the busiest public GETs may skip.
  app.use(publicAnswers(publicQueries, ctx, { headers: fixedHeadersOf(security), requestLog: ids, countProfileViews: views }));
  app.use(security, ids, views);
  app.use(compression());
  app.use('/api', apiRouter(ctx, sessionSecret));
  app.use(seoRoutes(ctx));
  if (renderer) {
    app.use(renderer.assets);
    // Forms sent without JavaScript post to their page; a refused one is answered by the page handler.
    app.use(formPageRoutes(ctx));
    app.use(pageHandler(ctx, renderer, publicQueries, paymentsClientConfig(ctx.env, ctx.payments)));
  }
  app.use(errorMiddleware(ctx.log));
  return app;
}
